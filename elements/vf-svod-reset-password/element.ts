import { ResetPassword, type ResetPasswordProps } from './ResetPassword.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';

/**
 * The password-reset modal. vf adds one to `<body>` (with the id `vf-modal`) when the page
 * address carries `?vtype=reset&vtoken=…` from a reset mail, and takes those parameters off the
 * address. Without a `vtoken` nothing opens. Closing the modal removes the element.
 *
 * @summary Password reset: choose a new password from a mailed link; saving signs the reader in.
 *
 * @attr {string} vtoken - Required. The token from the reset mail.
 *
 * @fires authentication/reset_success - `window.vf.$subscribe('authentication', 'reset_success', fn)`: `{ step: 'password' }`.
 * @fires authentication/reset_failure - `{ step: 'password', error }`.
 * @fires authentication/login - `{ user, is_new: false, type: 'email' }` after the new password is saved.
 *
 * @csspart dialog - The modal `<dialog>`.
 *
 * @cssprop [--vf-color-accent=#0b5cad] - Buttons and focus rings.
 */
export const resetPasswordElement: ElementDefinition<ResetPasswordProps> = {
  component: ResetPassword,
  props: { vtoken: 'string' },
  placeholder: 'none',
};
