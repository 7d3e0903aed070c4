/** What mail offers the other features (docs/architecture.md): import these from here, not from its files. */
export { linkTo, mailVerification, pageFor, requestPages, resetMail, startEmailVerification } from './accountMails.ts';
