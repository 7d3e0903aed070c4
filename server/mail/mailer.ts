/**
 * Outgoing mail (docs/mail.md). With `SMTP_URL` set, mails go through nodemailer to that SMTP
 * server. Without it, in demo mode each mail is written as a JSON file into `<data folder>/mail/`,
 * where the demo page `/demo/mail` lists them; outside demo mode a mail is only logged, its links
 * left out (they carry account tokens, and a log is read by more people than the mail's owner).
 * Sends run in the background (`queue`) so a route answers in the same time whether or not it
 * mailed someone; `idle()` waits for the ones under way.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as Nodemailer from 'nodemailer';
import { loadPackage } from '../lazyPackage.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A mail as kept in the data folder. */
export interface StoredMail extends Mail {
  /** ISO 8601. */
  date: string;
}

/** What the log gets of a mail that was not sent: no html, and links left out of the text. */
export type UnsentMail = Pick<Mail, 'to' | 'subject' | 'text'>;

export interface Mailer {
  /** Where mails go: 'smtp', 'log' (not sent), or the folder they are written to (demo mode). */
  readonly target: 'smtp' | 'log' | { folder: string };
  /** Starts sending; a failure is logged, never thrown at the caller (who has already answered). */
  queue(mail: Mail): void;
  /** Resolves once every mail queued so far is sent (or has failed). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  /** Without SMTP: true keeps mails in the data folder, false only logs them (`logUnsent`). */
  demo: boolean;
  logError(error: unknown, mail: Mail): void;
  logUnsent(mail: UnsentMail): void;
}

/** Mails written by this process (orders the file names). */
let written = 0;

export function createMailer({ smtpUrl, from, dataDir, demo, logError, logUnsent }: MailerOptions): Mailer {
  const pending = new Set<Promise<void>>();
  const track = (mail: Mail, send: () => Promise<void>) => {
    const sending = send().catch((error: unknown) => logError(error, mail));
    pending.add(sending);
    void sending.finally(() => pending.delete(sending));
  };
  const idle = async () => {
    while (pending.size) await Promise.all([...pending]);
  };

  if (smtpUrl) {
    const transport = loadPackage<typeof Nodemailer>('nodemailer').createTransport(smtpUrl);
    return {
      target: 'smtp',
      queue: (mail) => track(mail, async () => void (await transport.sendMail({ from, ...mail }))),
      idle,
      close: async () => {
        await idle();
        transport.close();
      },
    };
  }

  if (!demo) {
    return {
      target: 'log',
      queue: (mail) => track(mail, async () => logUnsent({ to: mail.to, subject: mail.subject, text: withoutLinks(mail.text) })),
      idle,
      close: idle,
    };
  }

  const folder = mailFolder(dataDir);
  return {
    target: { folder },
    queue: (mail) =>
      track(mail, async () => {
        mkdirSync(folder, { recursive: true });
        const stored: StoredMail = { ...mail, date: new Date().toISOString() };
        // Time, then a counter, so a name sort is the sending order (also within one millisecond).
        const order = `${Date.now().toString().padStart(15, '0')}-${String(++written % 1e6).padStart(6, '0')}`;
        const name = `${order}-${randomBytes(4).toString('hex')}.json`;
        writeFileSync(join(folder, name), JSON.stringify(stored, null, 2), { mode: 0o600 });
      }),
    idle,
    close: idle,
  };
}

/** An http(s) address in a mail's text. */
const LINK = /https?:\/\/[^\s<>"]+/g;
/** A run of token characters as long as an account token's (base64url of 32 bytes is 43). */
const TOKEN_LIKE = /[\w-]{32,}/g;

/** The http(s) addresses in a mail's text. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(LINK)].map((match) => match[0]);
}

/** The text with every link, and anything else shaped like a token, replaced by a note. */
export function withoutLinks(text: string): string {
  return text.replace(LINK, '[link left out]').replace(TOKEN_LIKE, '[left out]');
}

export function mailFolder(dataDir: string): string {
  return join(dataDir, 'mail');
}

/** The mails written to `folder`, newest first; an unreadable file is skipped, not fatal. */
export function readStoredMails(folder: string, limit = 100): StoredMail[] {
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const mails: StoredMail[] = [];
  for (const name of names.sort().reverse().slice(0, limit)) {
    try {
      const mail = JSON.parse(readFileSync(join(folder, name), 'utf8')) as Partial<StoredMail>;
      if (typeof mail.to === 'string' && typeof mail.subject === 'string' && typeof mail.text === 'string') {
        mails.push({ to: mail.to, subject: mail.subject, text: mail.text, html: String(mail.html ?? ''), date: String(mail.date ?? '') });
      }
    } catch {
      // a half-written or hand-edited file: leave it out of the list
    }
  }
  return mails;
}
