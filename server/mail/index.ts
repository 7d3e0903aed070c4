/** What mail offers the other features (docs/architecture.md): import these from here, not from its files. */
export { escapeHtml, linkTo, mailVerification, pageFor, requestPages, resetMail, startEmailVerification } from './accountMails.ts';
export type { Mail } from './mailer.ts';
export { enqueueMail, type OutboxMail } from './outbox.ts';
export type { MailDispatcher } from './dispatcher.ts';
export { preferencesOf } from './preferences.ts';
