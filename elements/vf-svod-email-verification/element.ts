import { EmailVerification, type EmailVerificationProps } from './EmailVerification.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';

/**
 * The email-verification modal. vf adds one to `<body>` (with the id `vf-modal`) when the page
 * address carries `?vtype=emailverification&vtoken=…` from a verification mail, and takes those
 * parameters off the address. It confirms the address at once and shows the outcome; a signed-in
 * reader's `email_verification_status` becomes `approved`. Without a `vtoken` nothing opens.
 *
 * @summary Email verification: confirms the reader's address from a mailed link.
 *
 * @attr {string} vtoken - Required. The token from the verification mail.
 *
 * @csspart dialog - The modal `<dialog>`.
 *
 * @cssprop [--vf-color-accent=#0b5cad] - Buttons and focus rings.
 */
export const emailVerificationElement: ElementDefinition<EmailVerificationProps> = {
  component: EmailVerification,
  props: { vtoken: 'string' },
  placeholder: 'none',
};
