/**
 * "Delete my account" (docs/law.md "Readers' data"; GDPR Art. 17): a confirm step that says what
 * happens — erased 14 days later, logging in meanwhile cancels it, what becomes of the reader's
 * posts (the site's `erased_content`), what the legal records keep — and asks for the password.
 * An account without one (social login, SSO) that the server asks for a fresh login gets "Log in
 * again" (the site's own login if it takes `authentication/required`, else the login dialog), then
 * confirms again. A wrong password is said under the field, which takes the focus back.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toApiError } from '../../core/api/errors.ts';
import { isFreshLoginRequired, isPasswordRefused, useRequestDeletionMutation, useSiteLegalSettingsQuery } from '../../core/api/myData.ts';
import type { User } from '../../core/api/types.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { announceLoginRequired } from '../../core/session/loginEvents.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { LoginField } from '../ui/LoginField.tsx';
import { LazyLoginDialog } from '../ui/LoginPrompt.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';

type Step = 'closed' | 'confirm' | 'login';

export interface DeleteAccountProps {
  user: User;
  /** The reader came here from "Cancel deletion": the button takes the focus. */
  takeFocus: boolean;
  onAnnounce(message: string): void;
  /** The server took the request; `date` is when the account goes. */
  onRequested(date: number): void;
}

export function DeleteAccount({ user, takeFocus, onAnnounce, onRequested }: DeleteAccountProps) {
  const t = useT();
  const id = useId();
  const online = useAppSelector(selectIsOnline);
  const [request, requesting] = useRequestDeletionMutation();
  const [step, setStep] = useState<Step>('closed');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loginOpen, setLoginOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // Social accounts have no password; an SSO account learns it from the server's answer.
  const askPassword = step === 'confirm' && !user.social_login_provider;
  const focusAfter = useRef<'open' | 'step' | null>(takeFocus ? 'open' : null);

  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target === 'open') openButton.current?.focus();
    if (target === 'step') (passwordField.current ?? (step === 'login' ? cancelButton.current : confirmButton.current))?.focus();
  }, [step]);

  const moveTo = (next: Step) => {
    focusAfter.current = next === 'closed' ? 'open' : 'step';
    setStep(next);
    setFieldError(null);
    setError(null);
    if (next === 'closed') setPassword('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (requesting.isLoading) return;
    setFieldError(null);
    setError(null);
    try {
      const answer = await request({ userUuid: user.uuid, ...(askPassword && password ? { password } : {}) }).unwrap();
      onRequested(answer.delete_after ?? Date.now());
    } catch (caught) {
      const failure = toApiError(caught);
      if (isFreshLoginRequired(failure)) return moveTo('login');
      if (failure.error_status === 401 && askPassword && (isPasswordRefused(failure) || !password)) {
        setFieldError(t(password ? 'base.rights.wrongPassword' : 'base.rights.passwordRequired'));
        passwordField.current?.focus();
        return;
      }
      setError(t(failure.error_status === 0 ? 'base.error.network' : failure.error_status === 429 ? 'base.rights.tooMany' : 'base.rights.deleteFailed'));
    }
  };

  const logInAgain = () => {
    if (!announceLoginRequired('delete_account')) return; // the site runs its own login
    setLoginOpen(true);
  };

  if (step === 'closed') {
    return (
      <div className="vf-rights__section">
        <Button ref={openButton} onClick={() => moveTo('confirm')}>
          {t('base.rights.delete')}
        </Button>
      </div>
    );
  }

  const questionId = `${id}-question`;
  return (
    <>
      <form className="vf-rights__confirm" part="deletion-confirm" aria-labelledby={questionId} onSubmit={(event) => void submit(event)} noValidate>
        <h4 id={questionId} className="vf-rights__title">
          {t('base.rights.deleteQuestion')}
        </h4>
        <p>{t('base.rights.deleteGrace')}</p>
        <p>{t('base.rights.deleteErased')}</p>
        <ErasedContent />
        <p>{t('base.rights.deleteRecords')}</p>
        {askPassword && (
          <LoginField
            label={t('base.rights.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            inputRef={passwordField}
            value={password}
            error={fieldError}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        {step === 'login' && (
          <>
            <p>{t('base.rights.freshLogin')}</p>
            <Button onClick={logInAgain}>{t('base.rights.loginAgain')}</Button>
          </>
        )}
        <ErrorAlert message={error} />
        <div className="vf-rights__actions">
          <Button ref={cancelButton} variant="ghost" onClick={() => moveTo('closed')}>
            {t('base.editor.cancel')}
          </Button>
          <Button ref={confirmButton} type="submit" variant="primary" busy={requesting.isLoading} disabled={!online}>
            {t('base.rights.confirm')}
          </Button>
        </div>
      </form>
      {/* Beside the form, not in it: the dialog has a form of its own. */}
      {loginOpen && (
        <LazyLoginDialog
          open
          onClose={() => setLoginOpen(false)}
          onSuccess={() => {
            onAnnounce(t('base.rights.loggedInAgain'));
            moveTo('confirm');
          }}
        />
      )}
    </>
  );
}

/** What erasure does to the reader's posts on this site: removed, or kept as "Deleted reader". */
function ErasedContent() {
  const t = useT();
  const settings = useSiteLegalSettingsQuery();
  if (settings.data) return <p>{t(`base.rights.content.${settings.data.erased_content}`)}</p>;
  if (settings.isError) return <p>{t('base.rights.content.either')}</p>;
  return <Skeleton lines={1} label={t('base.loading')} />;
}
