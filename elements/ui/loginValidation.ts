/** Client-side checks for the login / sign-up form (the server checks the same: docs/api.md). */
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
    if (!name) errors.name = 'base.login.error.nameRequired';
    else if (name.length > NAME_MAX) errors.name = 'base.login.error.nameTooLong';
  }
  if (!values.email.trim()) errors.email = 'base.login.error.emailRequired';
  else if (!EMAIL_RE.test(values.email.trim())) errors.email = 'base.login.error.emailInvalid';
  if (!values.password) errors.password = 'base.login.error.passwordRequired';
  else if (mode === 'signup' && values.password.length < PASSWORD_MIN) errors.password = 'base.login.error.passwordTooShort';
  return errors;
}
