/** Client-side checks for the login / sign-up form (the server checks the same: docs/api.md). */
import { isBlankText } from '../../core/text/blankText.ts';

export type LoginMode = 'login' | 'signup';
export type LoginField = 'name' | 'email' | 'password';
export interface LoginValues {
  name: string;
  email: string;
  password: string;
}
/** Field → message key (in the `base` bundle). */
export type FieldErrors = Partial<Record<LoginField, string>>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const NAME_MAX = 50;
export const PASSWORD_MIN = 8;

export function validateLogin(mode: LoginMode, values: LoginValues): FieldErrors {
  const errors: FieldErrors = {};
  if (mode === 'signup') {
    const name = values.name.trim();
    // A name of only invisible characters (zero-width space, Hangul filler, ...) is no name.
    if (isBlankText(name)) errors.name = 'base.login.error.nameRequired';
    else if (name.length > NAME_MAX) errors.name = 'base.login.error.nameTooLong';
  }
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = 'base.login.error.passwordRequired';
  else if (mode === 'signup' && values.password.length < PASSWORD_MIN) errors.password = 'base.login.error.passwordTooShort';
  return errors;
}

/** The message key for a bad email address (null when it looks right). */
export function emailError(email: string): string | null {
  if (!email.trim()) return 'base.login.error.emailRequired';
  return EMAIL_RE.test(email.trim()) ? null : 'base.login.error.emailInvalid';
}

/** A new password and its repetition (the reset modal): the sign-up rules, and both the same. */
export function newPasswordErrors(password: string, repeated: string): { password?: string; repeated?: string } {
  if (!password) return { password: 'base.login.error.passwordRequired' };
  if (password.length < PASSWORD_MIN) return { password: 'base.login.error.passwordTooShort' };
  return password === repeated ? {} : { repeated: 'base.reset.mismatch' };
}
