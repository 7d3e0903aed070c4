/**
 * The login dialog's "Forgot password?" view: one email field; on success a message that reads
 * the same whether or not an account uses that address (the server never tells either).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useRequestPasswordResetMutation } from '../../core/api/account.ts';
import { Button } from './Button.tsx';
import { LoginField } from './LoginField.tsx';
import { loginFailure, type LoginFailure } from './loginErrors.ts';
import { emailError } from './loginValidation.ts';
import { useT } from './useIntl.ts';

export interface LoginForgotProps {
  /** What the reader already typed in the login form. */
  initialEmail: string;
  onBack(): void;
}

export function LoginForgot({ initialEmail, onBack }: LoginForgotProps) {
  const t = useT();
  const [email, setEmail] = useState(initialEmail);
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [request, { isLoading: busy }] = useRequestPasswordResetMutation();
  const field = useRef<HTMLInputElement>(null);
  const sent = useRef<HTMLParagraphElement>(null);

  useEffect(() => field.current?.focus(), []);
  // The confirmation replaces the form: move focus to it so it is read out.
  useEffect(() => {
    if (sentTo) sent.current?.focus();
  }, [sentTo]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setFailure(null);
    if (emailError(email)) {
      field.current?.focus();
      return;
    }
    const address = email.trim();
    try {
      await request({ email: address, url: location.href }).unwrap();
      setSentTo(address);
    } catch (error) {
      setFailure(loginFailure(error));
    }
  };

  if (sentTo) {
    return (
      <div className="vf-form">
        <p ref={sent} role="status" tabIndex={-1}>
          {t('base.forgot.sent', { email: sentTo })}
        </p>
        <Button variant="primary" onClick={onBack}>
          {t('base.forgot.back')}
        </Button>
      </div>
    );
  }

  const fieldError = (attempted ? emailError(email) : null) ?? failure?.fields.email ?? null;
  return (
    <form className="vf-form" noValidate onSubmit={submit}>
      <p>{t('base.forgot.intro')}</p>
      {failure?.form ? (
        <p className="vf-error vf-form__error" role="alert">
          {t(failure.form)}
        </p>
      ) : null}
      <LoginField
        inputRef={field}
        name="email"
        type="email"
        label={t('base.login.email')}
        autoComplete="email"
        value={email}
        error={fieldError ? t(fieldError) : null}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" variant="primary" busy={busy}>
        {t(busy ? 'base.forgot.busy' : 'base.forgot.submit')}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        {t('base.forgot.back')}
      </Button>
    </form>
  );
}
