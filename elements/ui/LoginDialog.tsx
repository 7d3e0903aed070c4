/**
 * Log in / sign up in a native modal <dialog> inside the element's shadow root. Focus goes to
 * the first field; Escape or the close button closes it; field errors sit under their field.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { User } from '../../core/api/types.ts';
import { useLoginMutation, useSignupMutation } from '../../core/api/users.ts';
import { announceLoginCancel, announceLoginDialogClosed } from '../../core/session/loginEvents.ts';
import { Button } from './Button.tsx';
import { DialogHeader } from './DialogHeader.tsx';
import { LoginField } from './LoginField.tsx';
import { LoginForgot } from './LoginForgot.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import type { MessageRef } from './banMessages.ts';
import { loginFailure } from './loginErrors.ts';
import { validateLogin, type FieldErrors, type LoginMode, type LoginValues } from './loginValidation.ts';
import { useT } from './useIntl.ts';

export interface LoginDialogProps {
  open: boolean;
  /** The tab it opens on; left out: the one it showed last (Log in at first). */
  openOn?: LoginMode;
  onClose(): void;
  onSuccess?(user: User, isNew: boolean): void;
}

const EMPTY: LoginValues = { name: '', email: '', password: '' };
const MODES: LoginMode[] = ['login', 'signup'];

export function LoginDialog({ open, openOn, onClose, onSuccess }: LoginDialogProps) {
  const t = useT();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const tabs = useRef<Record<LoginMode, HTMLButtonElement | null>>({ login: null, signup: null });
  const [mode, setMode] = useState<LoginMode>('login');
  /** The "Forgot password?" view replaces the tabs while shown. */
  const [forgot, setForgot] = useState(false);
  const wasForgot = useRef(false);
  const [values, setValues] = useState<LoginValues>(EMPTY);
  const [attempted, setAttempted] = useState(false);
  const [serverFields, setServerFields] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [formDetails, setFormDetails] = useState<MessageRef[]>([]);
  const [login, loginState] = useLoginMutation();
  const [signup, signupState] = useSignupMutation();
  const busy = loginState.isLoading || signupState.isLoading;
  // Opening on a tab switches to it before the dialog shows, so focus lands on that tab's first field.
  const [shownOpen, setShownOpen] = useState(false);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open && openOn) setMode(openOn);
  }

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      setAttempted(false);
      setServerFields({});
      setFormError(null);
      setForgot(false);
      el.showModal();
      firstField.current?.focus();
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  // Back from "Forgot password?": focus returns to the login form's first field.
  useEffect(() => {
    if (wasForgot.current && !forgot) firstField.current?.focus();
    wasForgot.current = forgot;
  }, [forgot]);

  const fieldErrors: FieldErrors = { ...(attempted ? validateLogin(mode, values) : {}), ...serverFields };
  const errorText = (key: string | undefined) => (key ? t(key) : null);

  const switchMode = (next: LoginMode, focusTab = false) => {
    setMode(next);
    setAttempted(false);
    setServerFields({});
    setFormError(null);
    if (focusTab) tabs.current[next]?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      switchMode(mode === 'login' ? 'signup' : 'login', true);
    }
  };

  const update = (field: keyof LoginValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (serverFields[field]) setServerFields((s) => ({ ...s, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setServerFields({});
    setFormError(null);
    const errors = validateLogin(mode, values);
    const invalid = (['name', 'email', 'password'] as const).find((f) => errors[f]);
    if (invalid) {
      dialog.current?.querySelector<HTMLInputElement>(`[name="${invalid}"]`)?.focus();
      return;
    }
    const email = values.email.trim();
    try {
      const result =
        mode === 'login'
          ? await login({ email, password: values.password }).unwrap()
          : await signup({ name: values.name.trim(), email, password: values.password }).unwrap();
      setValues(EMPTY);
      setAttempted(false);
      onSuccess?.(result.user, mode === 'signup');
      announceLoginDialogClosed();
      onClose();
    } catch (error) {
      const failure = loginFailure(error);
      setServerFields(failure.fields);
      setFormError(failure.form);
      setFormDetails(failure.details ?? []);
    }
  };

  // Close button or Escape: the reader gave up (authentication / cancel, then close_modal).
  const dismiss = () => {
    if (dialog.current?.open) announceLoginCancel(mode === 'login' ? 'email' : 'signup');
    onClose();
  };

  const titleId = `${id}-title`;
  const panelId = `${id}-panel`;
  const tabId = (m: LoginMode) => `${id}-tab-${m}`;

  return (
    <dialog ref={dialog} className="vf-dialog" part="login-dialog" aria-labelledby={titleId} onCancel={dismiss} onClose={onClose}>
      <DialogHeader
        title={t(forgot ? 'base.forgot.title' : mode === 'login' ? 'base.login.title' : 'base.signup.title')}
        titleId={titleId}
        onClose={dismiss}
      />
      <div className="vf-dialog__body">
        {forgot ? <LoginForgot initialEmail={values.email} onBack={() => setForgot(false)} /> : null}
        <div role="tablist" className="vf-tabs" aria-label={t('base.login.tabs')} hidden={forgot}>
          {MODES.map((m) => (
            <button
              key={m}
              ref={(el) => {
                tabs.current[m] = el;
              }}
              type="button"
              role="tab"
              id={tabId(m)}
              className="vf-tab"
              aria-selected={mode === m}
              aria-controls={panelId}
              tabIndex={mode === m ? 0 : -1}
              onClick={() => switchMode(m)}
              onKeyDown={onTabKey}
            >
              {t(m === 'login' ? 'base.login.tab' : 'base.signup.tab')}
            </button>
          ))}
        </div>
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(mode)} hidden={forgot}>
        <form className="vf-form" noValidate onSubmit={submit}>
          {formError ? (
            <p className="vf-error vf-form__error" role="alert">
              {[t(formError), ...formDetails.map((d) => t(d.id, d.values))].join(' ')}
            </p>
          ) : null}
          {mode === 'signup' ? (
            <LoginField
              inputRef={firstField}
              name="name"
              label={t('base.login.name')}
              autoComplete="name"
              value={values.name}
              error={errorText(fieldErrors.name)}
              onChange={(e) => update('name', e.target.value)}
            />
          ) : null}
          <LoginField
            inputRef={mode === 'login' ? firstField : undefined}
            name="email"
            type="email"
            label={t('base.login.email')}
            autoComplete="email"
            value={values.email}
            error={errorText(fieldErrors.email)}
            onChange={(e) => update('email', e.target.value)}
          />
          <LoginField
            name="password"
            type="password"
            label={t('base.login.password')}
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            value={values.password}
            error={errorText(fieldErrors.password)}
            onChange={(e) => update('password', e.target.value)}
          />
          <Button type="submit" variant="primary" busy={busy}>
            {t(busy ? 'base.login.busy' : mode === 'login' ? 'base.login.submit' : 'base.signup.submit')}
          </Button>
          {mode === 'login' ? (
            <Button variant="ghost" onClick={() => setForgot(true)}>
              {t('base.forgot.link')}
            </Button>
          ) : null}
        </form>
        </div>
        {forgot ? null : <SocialButtons onSuccess={(user, isNew) => { onSuccess?.(user, isNew); announceLoginDialogClosed(); onClose(); }} />}
      </div>
    </dialog>
  );
}
