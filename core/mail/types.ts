/**
 * Readers' email notifications (issue 46, docs/notifications.md "Email"): the categories a reader
 * can be mailed about, how often, and the outbox's states. Pure: shared by the server (server/mail/)
 * and the tray's settings (elements/vf-tray/).
 */

/** What a reader may be mailed about; each can be switched off on its own. */
export const MAIL_CATEGORIES = ['reply', 'pick', 'moderation', 'page_follow', 'liveblog_follow'] as const;
export type MailCategory = (typeof MAIL_CATEGORIES)[number];

/** The spec's user field `email_notice_frequency`. */
export const MAIL_FREQUENCIES = ['immediate', 'hourly', 'daily', 'off'] as const;
export type MailFrequency = (typeof MAIL_FREQUENCIES)[number];
export const DEFAULT_MAIL_FREQUENCY: MailFrequency = 'immediate';
/** A stored frequency, read leniently: anything else (a damaged value, none yet) is the default. */
export function mailFrequencyOf(value: string | null | undefined): MailFrequency {
  return (MAIL_FREQUENCIES as readonly string[]).includes(value ?? '') ? (value as MailFrequency) : DEFAULT_MAIL_FREQUENCY;
}

/** Every category is on until the reader switches it off. */
export type MailCategories = Record<MailCategory, boolean>;
export const DEFAULT_MAIL_CATEGORIES: MailCategories = { reply: true, pick: true, moderation: true, page_follow: true, liveblog_follow: true };

/** A reader's email preferences (`GET/PATCH /api/v2/users/me/email-preferences`). */
export interface MailPreferences {
  email_notice_frequency: MailFrequency;
  categories: MailCategories;
}

/** The fragment a mail's preferences link adds to the page's address: the page opens the tray on its settings. */
export const EMAIL_PREFERENCES_HASH = '#vf-email-preferences';

/** An outbox row's life: waiting (or waiting again after a failure), handed to SMTP, or given up. */
export const OUTBOX_STATES = ['pending', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** Tries before a mail is given up (docs/notifications.md "Email": delivery). */
export const MAX_SEND_ATTEMPTS = 8;
/** The wait before try n+1 (ms): 30 s, doubling, at most an hour. */
export function retryDelay(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}
