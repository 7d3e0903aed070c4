/**
 * The password-reset modal opened by a mailed link (`?vtype=reset&vtoken=…`): a new password,
 * typed twice; saving it signs the reader in. A refused link (expired, used, unknown) says so
 * and how to get a new one. Nothing opens without a token.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSetNewPasswordMutation } from '../../core/api/account.ts';
import { AccountModal } from '../ui/AccountModal.tsx';
import { Button } from '../ui/Button.tsx';
import { LoginField } from '../ui/LoginField.tsx';
import { isRefusedLink, loginFailure } from '../ui/loginErrors.ts';
import { newPasswordErrors } from '../ui/loginValidation.ts';
import { useT } from '../ui/useIntl.ts';

export interface ResetPasswordProps {
  vtoken?: string;
}

export function ResetPassword({ vtoken }: ResetPasswordProps) {
  const t = useT();
  if (!vtoken) return null;
  return <AccountModal title={t('base.reset.title')}>{(close) => <NewPasswordForm token={vtoken} close={close} />}</AccountModal>;
}

type Phase = 'form' | 'done' | 'refused';

function NewPasswordForm({ token, close }: { token: string; close(): void }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [phase, setPhase] = useState<Phase>('form');
  const [formError, setFormError] = useState<string | null>(null);
  const [save, { isLoading: busy }] = useSetNewPasswordMutation();
  const outcome = useRef<HTMLParagraphElement>(null);

  // The form gives way to a message: move focus to it so it is read out.
  useEffect(() => {
    if (phase !== 'form') outcome.current?.focus();
  }, [phase]);

  const errors = attempted ? newPasswordErrors(password, repeated) : {};

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setFormError(null);
    const invalid = Object.keys(newPasswordErrors(password, repeated))[0];
    if (invalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${invalid}"]`)?.focus();
      return;
    }
    try {
      await save({ token, password }).unwrap();
      setPhase('done');
    } catch (error) {
      if (isRefusedLink(error)) setPhase('refused');
      else setFormError(loginFailure(error).form ?? 'base.error.something_went_wrong');
    }
  };

  if (phase !== 'form') {
    return (
      <div className="vf-form">
        <p ref={outcome} className={phase === 'refused' ? 'vf-error' : undefined} role={phase === 'refused' ? 'alert' : 'status'} tabIndex={-1}>
          {t(phase === 'done' ? 'base.reset.done' : 'base.reset.expired')}
        </p>
        <Button variant="primary" onClick={close}>
          {t('base.dialog.close')}
        </Button>
      </div>
    );
  }

  return (
    <form className="vf-form" noValidate onSubmit={submit}>
      {formError ? (
        <p className="vf-error vf-form__error" role="alert">
          {t(formError)}
        </p>
      ) : null}
      <LoginField
        data-autofocus
        name="password"
        type="password"
        label={t('base.reset.password')}
        autoComplete="new-password"
        value={password}
        error={errors.password ? t(errors.password) : null}
        onChange={(e) => setPassword(e.target.value)}
      />
      <LoginField
        name="repeated"
        type="password"
        label={t('base.reset.confirm')}
        autoComplete="new-password"
        value={repeated}
        error={errors.repeated ? t(errors.repeated) : null}
        onChange={(e) => setRepeated(e.target.value)}
      />
      <Button type="submit" variant="primary" busy={busy}>
        {t(busy ? 'base.reset.busy' : 'base.reset.submit')}
      </Button>
    </form>
  );
}
