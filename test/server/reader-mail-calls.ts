/**
 * Helpers of the readers' mail tests (reader-mails, mail-unsubscribe): the app with its mail going
 * to a real SMTP server, readers with a verified address, following a page, and the outbox as
 * written (a mail not written is a mail not sent).
 */
import { randomUUID } from 'node:crypto';
import type { TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AuthResult, Container } from '../../core/api/types.ts';
import type { OutboxMail } from '../../server/mail/index.ts';
import { build, confirmedPage, container, signup, signupAs, SITE } from './helpers.ts';
import { startSmtpSink, type SmtpSink } from './smtpSink.ts';

export interface MailWorld {
  app: FastifyInstance;
  sink: SmtpSink;
  mod: AuthResult;
}

export async function mailWorld(t: TestContext): Promise<MailWorld> {
  const sink = await startSmtpSink(t);
  const app = await build(t, { SMTP_URL: sink.url, VF_PUBLIC_URL: 'https://comments.example.test', VF_AUTH_LIMIT_PER_IP: '0' });
  return { app, sink, mod: await signupAs(app, 'mod') };
}

/** A reader whose address is verified (as after the verification link), unless `verified` is false. */
export async function reader(app: FastifyInstance, verified = true): Promise<AuthResult> {
  const account = await signup(app);
  if (verified) await app.db.updateTable('users').set({ email_verification_status: 'approved' }).where('uuid', '=', account.user.uuid).execute();
  return account;
}

let pages = 0;
/** A conversation on a confirmed page (title, address and language known). */
export async function pageConversation(app: FastifyInstance, lang: string | null = 'en-US', containerId = `mail-page-${++pages}`): Promise<{ c: Container; url: string; page: string }> {
  const url = `http://127.0.0.1/${containerId}.html`;
  await confirmedPage(app, { unique_id: containerId, url, title: `Article ${containerId}`, lang });
  const c = await container(app, containerId);
  const page = await app.db.selectFrom('pages').select('uuid').where('url', '=', url).executeTakeFirstOrThrow();
  return { c, url, page: page.uuid };
}

export async function followPage(app: FastifyInstance, user: string, page: string): Promise<void> {
  await app.db.insertInto('page_follows').values({ user_uuid: user, page_uuid: page, site_uuid: SITE, date_created: Date.now() }).execute();
}

export async function ban(app: FastifyInstance, user: string, by: string): Promise<void> {
  await app.db.insertInto('bans').values({
    uuid: randomUUID(), site_uuid: SITE, user_uuid: user, ban_level: 'posting', user_message: '', is_permanent: 1, created_by: by, date_created: Date.now(), date_expired: null, date_revoked: null,
  }).execute();
}

export interface WrittenMail {
  user_uuid: string | null;
  category: string | null;
  dedupe_key: string;
  mail: OutboxMail;
}

/** The outbox's rows for `user` (every reader when undefined). */
export async function outboxOf(app: FastifyInstance, user?: string): Promise<WrittenMail[]> {
  let query = app.db.selectFrom('mail_outbox').select(['user_uuid', 'category', 'dedupe_key', 'mail']).orderBy('date_created');
  if (user) query = query.where('user_uuid', '=', user);
  return (await query.execute()).map((row) => ({ ...row, mail: JSON.parse(row.mail) as OutboxMail }));
}

export const emailOf = (account: AuthResult) => `${account.user.name}@example.test`;

/** A header as sent (RFC 2047 encoded words undone): subjects with “quotes” or accents come encoded. */
export function decoded(header: string): string {
  return header.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_whole, how: string, text: string) =>
    how.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'));
}

/** Waits until `count` mails have arrived, then the one whose subject matches. */
export async function mailWith(sink: SmtpSink, count: number, subject: RegExp): Promise<SmtpSink['mails'][number] & { subject: string }> {
  await sink.nth(count);
  const mail = sink.mails.find((m) => subject.test(decoded(m.subject)));
  if (!mail) throw new Error(`no mail with a subject like ${subject}: ${sink.mails.map((m) => decoded(m.subject)).join(' | ')}`);
  return { ...mail, subject: decoded(mail.subject) };
}
