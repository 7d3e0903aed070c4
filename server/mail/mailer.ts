/**
 * Outgoing mail (docs/mail.md). With `SMTP_URL` set, mails go through nodemailer to that SMTP
 * server. Without it, in demo mode each mail is written as a JSON file into `<data folder>/mail/`,
 * where the demo page `/demo/mail` lists them; outside demo mode a mail is only logged, its links
 * left out (they carry account tokens, and a log is read by more people than the mail's owner).
 * Account mails are sent in the background (`queue`) so a route answers in the same time whether
 * or not it mailed someone; readers' mails go through the outbox (outbox.ts), whose dispatcher
 * calls `send` and retries what it rejects. `idle()` waits for the sends under way.
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
  /** Extra header lines (a reader's mail: RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post`). */
  headers?: Record<string, string>;
  /**
   * The Message-ID, `<…@…>`: an outbox mail's is its row's, the same on every try, so a mail sent
   * again after a crash (docs/mail.md "Delivery") is one message to mail stores that collapse copies.
   */
  messageId?: string;
}

/** A mail as kept in the data folder. */
export interface StoredMail extends Mail {
  /** ISO 8601. */
  date: string;
}

/** What the log gets of a mail that was not sent: no html, no headers, and links left out of the text. */
export type UnsentMail = Pick<Mail, 'to' | 'subject' | 'text'>;

export interface Mailer {
  /** Where mails go: 'smtp', 'log' (not sent), or the folder they are written to (demo mode). */
  readonly target: 'smtp' | 'log' | { folder: string };
  /** Starts sending; a failure is logged, never thrown at the caller (who has already answered). */
  queue(mail: Mail): void;
  /** Sends now; rejects when the SMTP server refuses or cannot be reached (the outbox retries: outbox.ts). */
  send(mail: Mail): Promise<void>;
  /** Resolves once every mail queued or sent so far is sent (or has failed). */
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

/**
 * nodemailer's defaults wait minutes for a silent server; a send must end well within the
 * outbox's claim (outbox.ts CLAIM_MS) or another process could take the mail while it is still
 * on its way. An SMTP_URL's own query (`?socketTimeout=…`) wins over these.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 45_000 };

/**
 * A few SMTP connections kept open and reused (nodemailer's pool): a new connection per mail costs
 * its handshake every time and holds a digest run to ~100 mails/s. Mails beyond the connections
 * wait in the pool's queue; a connection that breaks before its mail was handed over puts the mail
 * back once (the outbox retries the rest). An SMTP_URL's own query (`?pool=false`,
 * `?maxConnections=…`) wins over these too.
 */
const SMTP_POOL = { pool: true as const, maxConnections: 4, maxMessages: 1000, maxRequeues: 1 };

/** Mails written by this process (orders the file names). */
let written = 0;

export function createMailer({ smtpUrl, from, dataDir, demo, logError, logUnsent }: MailerOptions): Mailer {
  const pending = new Set<Promise<void>>();
  const tracked = (sending: Promise<void>): Promise<void> => {
    const settled = sending.catch(() => undefined);
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
    return sending;
  };
  const idle = async () => {
    while (pending.size) await Promise.all([...pending]);
  };
  /** `queue` and `send` over one way of delivering. */
  const mailer = (target: Mailer['target'], deliver: (mail: Mail) => Promise<void>, close: () => Promise<void> = idle): Mailer => ({
    target,
    queue: (mail) => void tracked(deliver(mail)).catch((error: unknown) => logError(error, mail)),
    send: (mail) => tracked(deliver(mail)),
    idle,
    close,
  });

  if (smtpUrl) {
    const transport = loadPackage<typeof Nodemailer>('nodemailer').createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS, ...SMTP_POOL });
    return mailer('smtp', async (mail) => void (await transport.sendMail({ from, ...mail })), async () => {
      await idle();
      transport.close();
    });
  }

  if (!demo) return mailer('log', async (mail) => logUnsent({ to: mail.to, subject: mail.subject, text: withoutLinks(mail.text) }));

  const folder = mailFolder(dataDir);
  return mailer({ folder }, async (mail) => {
    mkdirSync(folder, { recursive: true });
    const stored: StoredMail = { ...mail, date: new Date().toISOString() };
    // Time, then a counter, so a name sort is the sending order (also within one millisecond).
    const order = `${Date.now().toString().padStart(15, '0')}-${String(++written % 1e6).padStart(6, '0')}`;
    const name = `${order}-${randomBytes(4).toString('hex')}.json`;
    writeFileSync(join(folder, name), JSON.stringify(stored, null, 2), { mode: 0o600 });
  });
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
        const headers = stringRecord(mail.headers);
        mails.push({ to: mail.to, subject: mail.subject, text: mail.text, html: String(mail.html ?? ''), date: String(mail.date ?? ''), ...(headers ? { headers } : {}) });
      }
    } catch {
      // a half-written or hand-edited file: leave it out of the list
    }
  }
  return mails;
}

/** `value` if it is an object of strings (a stored mail's headers), else undefined. */
function stringRecord(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.values(value).every((v) => typeof v === 'string') ? (value as Record<string, string>) : undefined;
}
