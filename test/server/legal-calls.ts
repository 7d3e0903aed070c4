/**
 * Calls of the legal API (docs/law.md "API") for the legal tests: notices sent and decided, the
 * notices queue, statements of reasons read, the mails the server wrote (demo mode keeps them in
 * the data folder), and a reader whose email is verified.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { NoticeItem, Statement } from '../../core/legal/types.ts';
import { readStoredMails, type StoredMail } from '../../server/mail/mailer.ts';
import { bearer, resultOf, SITE } from './helpers.ts';

export type NoticeTargetBody = { type: 'content'; uuid: string } | { type: 'profile_name' | 'profile_picture'; user_uuid: string };

/** A notice's body with a reporter's contact, good faith and the kind `hate_speech`; `change` overrides. */
export function noticeBody(target: NoticeTargetBody, change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    section: SITE, target, kind: 'hate_speech', explanation: 'This incites hatred against a group.',
    reporter_name: 'Rita Reporter', reporter_email: 'rita@example.test', good_faith: true, ...change,
  };
}

/** POST /legal/notices as `token` (a guest when undefined), from `remoteAddress` (127.0.0.1 unless given). */
export function sendNotice(app: FastifyInstance, body: Record<string, unknown>, token?: string, remoteAddress?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/v2/legal/notices', headers: bearer(token), payload: body, ...(remoteAddress ? { remoteAddress } : {}) });
}

/** Sends a notice and returns its uuid and reference (fails the test on anything but 201). */
export async function notice(app: FastifyInstance, body: Record<string, unknown>, token?: string): Promise<{ uuid: string; reference: string }> {
  return resultOf<{ uuid: string; reference: string }>(await sendNotice(app, body, token), 201);
}

export function noticeQueueCall(app: FastifyInstance, token: string | undefined, query: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/api/v2/moderation/notices', headers: bearer(token), query: { section: SITE, ...query } });
}

export async function noticeQueue(app: FastifyInstance, token: string, query: Record<string, string> = {}): Promise<{ items: NoticeItem[]; next_cursor: string | null }> {
  return resultOf(await noticeQueueCall(app, token, query));
}

export function decideNoticeCall(app: FastifyInstance, token: string | undefined, uuid: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/api/v2/moderation/notices/${uuid}/decision`, headers: bearer(token), payload: { section: SITE, ...body } });
}

export async function decideNotice(app: FastifyInstance, token: string, uuid: string, body: Record<string, unknown>): Promise<{ notice: NoticeItem; statement_uuid: string | null }> {
  return resultOf(await decideNoticeCall(app, token, uuid, body));
}

export function statementCall(app: FastifyInstance, token: string | undefined, uuid: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `/api/v2/legal/statements/${uuid}`, headers: bearer(token), query: { section: SITE } });
}

export async function myStatements(app: FastifyInstance, token: string): Promise<Statement[]> {
  return resultOf<{ items: Statement[] }>(await app.inject({ method: 'GET', url: '/api/v2/legal/statements/mine', headers: bearer(token), query: { section: SITE } })).items;
}

/** The mails sent so far to `to` (every mail when not given), newest first. */
export async function mailsTo(app: FastifyInstance, to?: string): Promise<StoredMail[]> {
  await app.mail.idle();
  const target = app.mail.target;
  if (typeof target !== 'object') throw new Error('the test app keeps its mails in the data folder');
  return readStoredMails(target.folder).filter((mail) => !to || mail.to === to);
}

/** Marks the reader's email verified (as the verification link does). */
export async function verifyEmail(app: FastifyInstance, userUuid: string): Promise<void> {
  await app.db.updateTable('users').set({ email_verification_status: 'approved' }).where('uuid', '=', userUuid).execute();
}

/** The reader's notifications of `type`, as stored. */
export function notificationsOf(app: FastifyInstance, userUuid: string, type: string) {
  return app.db.selectFrom('notifications').selectAll().where('user_uuid', '=', userUuid).where('type', '=', type).execute();
}

/** Resolves once `check` holds (a reader told after a commit the writer does not await), failing after a few seconds. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not happen`);
}

/** The statements of reasons stored about a reader, oldest first. */
export function statementRows(app: FastifyInstance, userUuid: string) {
  return app.db.selectFrom('statements_of_reasons').selectAll().where('user_uuid', '=', userUuid).orderBy('date_created').execute();
}
