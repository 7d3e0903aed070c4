/**
 * Notices of illegal content on `/api/v2` (DSA Art. 16, docs/law.md "Notices of illegal content"):
 * anyone sends one (limited per reader's address) and gets a receipt by mail; the site's
 * moderators list them (trusted flaggers' first) and decide them. After a notice arrives or is
 * decided, every open moderation queue of the site hears of it (`notice`) and the counts follow;
 * a decision also tells the item's page, the reader restricted (statements.ts) and the reporter.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { appealDeadline, GROUND_ID_PATTERN, MAX_EXPLANATION, NOTICE_DECISIONS, NOTICE_TARGET_TYPES, type NoticeItem, type NoticeTargetType } from '../../core/legal/types.ts';
import { deleteAvatars } from '../accounts/index.ts';
import { badRequest, HttpError } from '../errors.ts';
import { siteOr404, type Site } from '../engine/sites.ts';
import { moderatorOf, queueCounts } from '../moderation/index.ts';
import { deliver, insertNotifications } from '../notifications/index.ts';
import { type Common, params, strictObject, uuid } from '../routes/schemas.ts';
import type { NotificationsTable } from '../storage/schema.ts';
import { noticeOutcomeMail, noticeReceiptMail } from './legalMails.ts';
import { createNotice, decideNotice, NOTICE_WINDOW_MS, type NoticeDecided, type NoticeDecisionInput, type NoticeTarget } from './notices.ts';
import { loadNoticeItems, NOTICE_CURSOR_PATTERN, noticePage, type NoticeQueueState } from './noticeView.ts';
import { noticeDecided, noticePage as noticePageSchema, noticeReceipt } from './schemas.ts';
import { tellStatements } from './statements.ts';

interface NoticeBody extends Common {
  section: string;
  target: { type: NoticeTargetType; uuid?: string; user_uuid?: string };
  kind: string;
  explanation: string;
  reporter_name?: string;
  reporter_email?: string;
  good_faith: boolean;
}

const ground = { type: 'string', pattern: GROUND_ID_PATTERN } as const;
const explanation = { type: 'string', minLength: 1, maxLength: MAX_EXPLANATION } as const;
const answer = (status: number, result: object) => ({ [status]: { type: 'object', additionalProperties: false, properties: { result }, required: ['result'] } });

/** The target as the body names it: content by `uuid`, a profile by `user_uuid`. */
function targetOf(body: NoticeBody['target']): NoticeTarget {
  if (body.type === 'content') {
    if (!body.uuid || body.user_uuid) throw badRequest('A content target names the item by uuid (and no user_uuid)', 'target');
    return { type: 'content', uuid: body.uuid };
  }
  if (!body.user_uuid || body.uuid) throw badRequest('A profile target names the reader by user_uuid (and no uuid)', 'target');
  return { type: body.type, user_uuid: body.user_uuid };
}

export default async function noticeRoutes(app: FastifyInstance): Promise<void> {
  /** Every open queue of the site hears of the notice, then of the counts. */
  async function announce(site: string, notice: NoticeItem | undefined): Promise<void> {
    if (!notice) return;
    app.hub.moderate({ event: 'notice', content_type: 'moderation', section_uuid: site, notice_uuid: notice.uuid, notice, time: Date.now() });
    app.hub.moderate({ event: 'counts', content_type: 'moderation', section_uuid: site, counts: await queueCounts(app.db, site), time: Date.now() });
  }

  app.post<{ Body: NoticeBody }>(
    '/legal/notices',
    {
      schema: {
        body: strictObject(
          {
            target: {
              type: 'object', additionalProperties: false, required: ['type'],
              properties: { type: { type: 'string', enum: [...NOTICE_TARGET_TYPES] }, uuid, user_uuid: uuid },
            },
            kind: ground,
            explanation,
            reporter_name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^\\p{Cc}]*$' },
            reporter_email: { type: 'string', format: 'email', maxLength: 254 },
            good_faith: { type: 'boolean' },
          },
          ['section', 'target', 'kind', 'explanation', 'good_faith'],
        ),
        querystring: strictObject({}),
        response: answer(201, noticeReceipt),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const site = await siteOr404(app.db, body.section);
      if (body.good_faith !== true) throw badRequest('Confirm that the notice is accurate and made in good faith', 'good_faith');
      const target = targetOf(body.target);
      // Counted per reader's address before the work; a notice refused for its input is taken back.
      const key = `legal_notice:ip:${request.ip}`;
      const time = app.postLimiter.now();
      const refused = app.noticeLimit > 0 ? app.postLimiter.attempt([{ key, limit: { limit: app.noticeLimit, windowMs: NOTICE_WINDOW_MS } }], time) : null;
      if (refused) throw new HttpError(429, `Too many notices from your address. Try again in ${Math.ceil(refused.retryAfter / 60)} minutes.`, { retry_after: refused.retryAfter });
      const reporter = request.user && request.user.row.site_uuid === site.uuid ? request.user.row : null;
      const row = await createNotice(app, site, { target, kind: body.kind, explanation: body.explanation, reporter_name: body.reporter_name, reporter_email: body.reporter_email }, reporter)
        .catch((error: unknown) => {
          app.postLimiter.takeBack([key], time);
          throw error;
        });
      const notice = (await loadNoticeItems(app.db, [row.uuid])).get(row.uuid);
      if (row.reporter_email && notice) app.mail.queue(noticeReceiptMail(site, { ...row, reporter_email: row.reporter_email, kind_label: notice.kind_label }, notice.item));
      await announce(site.uuid, notice);
      reply.code(201);
      return { result: { uuid: row.uuid, reference: row.reference } };
    },
  );

  app.get<{ Querystring: Common & { section: string; state: NoticeQueueState; cursor?: string; limit: number } }>(
    '/moderation/notices',
    {
      schema: {
        querystring: strictObject(
          {
            state: { type: 'string', enum: ['open', 'decided'], default: 'open' },
            cursor: { type: 'string', pattern: NOTICE_CURSOR_PATTERN },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
          ['section'],
        ),
        response: answer(200, noticePageSchema),
      },
    },
    async (request) => {
      const { site } = await moderatorOf(app.db, request, request.query.section);
      const { state, cursor, limit } = request.query;
      return { result: await noticePage(app.db, site.uuid, state, limit, cursor) };
    },
  );

  app.post<{ Params: { uuid: string }; Body: Common & NoticeDecisionInput & { section: string } }>(
    '/moderation/notices/:uuid/decision',
    {
      schema: {
        params: params(['uuid']),
        body: strictObject({ decision: { type: 'string', enum: [...NOTICE_DECISIONS] }, ground, explanation, terms_rule: ground }, ['section', 'decision']),
        querystring: strictObject({}),
        response: answer(200, noticeDecided),
      },
    },
    async (request) => {
      const { site, user } = await moderatorOf(app.db, request, request.body.section);
      const { decision, ground: kind, explanation: text, terms_rule } = request.body;
      const decided = await decideNotice(app, site, user.row, request.params.uuid, { decision, ground: kind, explanation: text, terms_rule });
      // After commit: the page, the open queues, the profile's pictures, the reader, the reporter.
      for (const event of decided.events) app.hub.publish(event);
      if (decided.decidedContent) app.moderationQueue.decided(site.uuid, { uuid: user.row.uuid, name: user.row.name }, [decided.decidedContent], 'reject');
      if (decided.profileChanged) app.hub.siteChanged(site.uuid);
      await deleteAvatars(app.legal.dataDir, decided.unusedPictures);
      await tellStatements(app, decided.statements);
      const notice = (await loadNoticeItems(app.db, [decided.notice.uuid])).get(decided.notice.uuid)!;
      await tellReporter(app, site, decided, notice, user.row.uuid);
      await announce(site.uuid, notice);
      return { result: { notice, statement_uuid: decided.statements[0]?.uuid ?? null } };
    },
  );
}

/** The reporter hears of the outcome: by mail where they gave an email, in their notifications where they were signed in. */
async function tellReporter(app: FastifyInstance, site: Site, decided: NoticeDecided, notice: NoticeItem, moderator: string): Promise<void> {
  const row = decided.notice;
  if (row.reporter_email) {
    app.mail.queue(noticeOutcomeMail(site, { ...row, reporter_email: row.reporter_email, kind_label: notice.kind_label }, notice.item, {
      illegal: row.state === 'illegal',
      groundLabel: decided.ground?.type === 'illegal' ? (decided.statements[0]?.ground_label ?? notice.kind_label) : null,
      removedUnderTerms: decided.ground?.type === 'terms' ? (decided.statements[0]?.ground_label ?? decided.ground.id) : null,
      explanation: decided.explanation,
      appealUntil: decided.statements[0] ? Number(decided.statements[0].appeal_until) : appealDeadline(row.decided_at!),
    }));
  }
  if (!row.reporter_user_uuid || row.reporter_user_uuid === moderator) return;
  try {
    const notification: NotificationsTable = {
      uuid: randomUUID(), site_uuid: site.uuid, user_uuid: row.reporter_user_uuid, type: 'notice_decided', grouping_key: `notice:${row.uuid}`,
      actor_uuid: moderator, content_uuid: null, container_uuid: null, target_uuid: row.uuid, status: 'new', date_created: Date.now(),
    };
    await insertNotifications(app.db, [notification]);
    deliver(app, [notification]);
  } catch (error) {
    app.log.error({ err: error }, 'notice decided: the reporter was not notified');
  }
}
