/**
 * Appeals on `/api/v2` (DSA Art. 20, docs/law.md "Appeals"): a reader appeals a statement of
 * reasons about them, or the reporter of a notice judged not illegal appeals that (guests too, by
 * the notice's reference and their email); moderators list the appeals and decide them. After a
 * decision commits, the item's page gets its event, every open queue hears of the item and of the
 * appeal, and the appellant is told (appealMails.ts).
 */
import type { FastifyInstance } from 'fastify';
import { APPEAL_DECISIONS, type AppealDecision, type AppealItem, MAX_APPEAL_TEXT, MAX_EXPLANATION } from '../../core/legal/types.ts';
import { deleteAvatars } from '../accounts/index.ts';
import { normalisePlain } from '../content/normalise.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { nullable, shape } from '../engine/schemas.ts';
import { siteOr404, type Site } from '../engine/sites.ts';
import { announceDecided, CURSOR_PATTERN, encodeCursor, moderatorOf, queueCounts } from '../moderation/index.ts';
import { requireUser } from '../plugins/auth.ts';
import { type Common, params, strictObject } from '../routes/schemas.ts';
import type { AppealsTable } from '../storage/schema.ts';
import { tellAppellant, tellReporterOfReversal } from './appealMails.ts';
import { createAppeal, decideAppeal, mayDecide } from './appeals.ts';
import { appealOf, appealPage, type AppealQueueState, loadAppealItems } from './appealView.ts';
import { appealSchema, noticeItemSchema, someoneSchema, statementSchema } from './schemas.ts';
import { tellStatements } from './statements.ts';

const orNull = (schema: object) => ({ anyOf: [schema, { type: 'null' }] }) as const;

export const appealItemSchema = shape(
  {
    ...appealSchema.properties, statement: orNull(statementSchema), notice: orNull(noticeItemSchema),
    first_decided_by: orNull(someoneSchema), decided_by: orNull(someoneSchema),
  },
  [...appealSchema.required, 'statement', 'notice', 'first_decided_by', 'decided_by'],
);
const appealList = shape({ items: { type: 'array', items: appealItemSchema }, next_cursor: nullable('string') }, ['items', 'next_cursor']);
const resultOf = (schema: object) => ({ type: 'object', additionalProperties: false, properties: { result: schema }, required: ['result'] }) as const;

interface AppealBody extends Common {
  section: string;
  text: string;
  statement_uuid?: string;
  notice_reference?: string;
  reporter_email?: string;
}

export default async function appealRoutes(app: FastifyInstance): Promise<void> {
  /** Every open queue of the site hears of the appeal (new, or decided), then the counts with it (no item's event moves them). */
  const announce = async (site: string, item: AppealItem | undefined) => {
    if (!item) return;
    app.hub.moderate({ event: 'appeal', content_type: 'moderation', section_uuid: site, appeal_uuid: item.uuid, appeal: item, time: Date.now() });
    app.hub.moderate({ event: 'counts', content_type: 'moderation', section_uuid: site, counts: await queueCounts(app.db, site), time: Date.now() });
  };

  app.post<{ Body: AppealBody }>(
    '/legal/appeals',
    {
      schema: {
        body: strictObject(
          {
            text: { type: 'string', minLength: 1, maxLength: MAX_APPEAL_TEXT },
            statement_uuid: { type: 'string', format: 'uuid' },
            notice_reference: { type: 'string', minLength: 1, maxLength: 64 },
            reporter_email: { type: 'string', minLength: 3, maxLength: 254 },
          },
          ['section', 'text'],
        ),
        querystring: strictObject({}),
        response: { 201: resultOf(appealSchema) },
      },
    },
    async (request, reply) => {
      const { section, text, statement_uuid, notice_reference, reporter_email } = request.body;
      const site = await siteOr404(app.db, section);
      if ((statement_uuid === undefined) === (notice_reference === undefined)) throw badRequest('Give either statement_uuid, or notice_reference with reporter_email', 'statement_uuid');
      let row: AppealsTable;
      if (statement_uuid !== undefined) {
        const user = requireUser(request);
        if (user.row.site_uuid !== site.uuid) throw notFound('No such statement of reasons on this site');
        row = await createAppeal(app.db, { role: 'author', site: site.uuid, user: user.row, statement: statement_uuid, text });
      } else {
        if (reporter_email === undefined) throw badRequest('Give the email the notice was sent with', 'reporter_email');
        const user = request.user && request.user.row.site_uuid === site.uuid ? request.user.row : null;
        row = await createAppeal(app.db, { role: 'reporter', site: site.uuid, user, reference: notice_reference!, email: reporter_email, text });
      }
      await announce(site.uuid, (await loadAppealItems(app.db, [row.uuid]))[0]);
      return reply.code(201).send({ result: appealOf(row) });
    },
  );

  app.get<{ Querystring: Common & { section: string; state: AppealQueueState; cursor?: string; limit: number } }>(
    '/moderation/appeals',
    {
      schema: {
        querystring: strictObject(
          {
            state: { type: 'string', enum: ['open', 'decided'], default: 'open' },
            cursor: { type: 'string', pattern: CURSOR_PATTERN },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
          ['section'],
        ),
        response: { 200: resultOf(appealList) },
      },
    },
    async (request) => {
      const { site } = await moderatorOf(app.db, request, request.query.section);
      const { state, cursor, limit } = request.query;
      const page = await appealPage(app.db, site.uuid, state, limit, cursor);
      return { result: { items: await loadAppealItems(app.db, page.uuids), next_cursor: page.next && encodeCursor(page.next) } };
    },
  );

  /** 409 naming who decided first, with the appeal as it now is. */
  async function alreadyDecided(uuid: string): Promise<never> {
    const [item] = await loadAppealItems(app.db, [uuid]);
    const name = item?.decided_by?.name ?? null;
    // The error body carries the appeal too: the queue shows it as decided at once (core/api/legalModeration.ts).
    const extra = { decided_by: name, appeal: item };
    throw new HttpError(409, name ? `Already decided by ${name}` : 'This appeal was already decided', extra as HttpError['extra']);
  }

  app.post<{ Params: { uuid: string }; Body: Common & { section: string; decision: AppealDecision; explanation?: string } }>(
    '/moderation/appeals/:uuid/decision',
    {
      schema: {
        params: params(['uuid']),
        body: strictObject(
          { decision: { type: 'string', enum: [...APPEAL_DECISIONS] }, explanation: { type: 'string', maxLength: MAX_EXPLANATION } },
          ['section', 'decision'],
        ),
        querystring: strictObject({}),
        response: { 200: resultOf(appealItemSchema) },
      },
    },
    async (request) => {
      const { site, user } = await moderatorOf(app.db, request, request.body.section);
      const appeal = await app.db.selectFrom('appeals').selectAll().where('uuid', '=', request.params.uuid).where('site_uuid', '=', site.uuid).executeTakeFirst();
      if (!appeal) throw notFound('No such appeal on this site');
      if (appeal.state !== 'open') return alreadyDecided(appeal.uuid);
      const { single } = await mayDecide(app.db, appeal, user.row.uuid);
      const given = request.body.explanation;
      const explanation = given === undefined || !given.trim() ? null : normalisePlain(given, 'Explanation', MAX_EXPLANATION);
      if (explanation && !explanation.ok) throw badRequest(explanation.message, 'explanation');
      const decided = await decideAppeal(app.db, appeal, request.body.decision, explanation?.ok ? explanation.text : null, user.row.uuid, single);
      if (!decided) return alreadyDecided(appeal.uuid);
      const [item] = await loadAppealItems(app.db, [appeal.uuid]);
      await afterDecision(site, { uuid: user.row.uuid, name: user.row.name }, decided, item!);
      return { result: item! };
    },
  );

  /** Once committed: pages' events, open queues, a held item's notifications, the readers told. */
  async function afterDecision(site: Site, by: { uuid: string; name: string }, decided: NonNullable<Awaited<ReturnType<typeof decideAppeal>>>, item: AppealItem) {
    const { reversal, row } = decided;
    for (const change of reversal.changes) for (const event of change.events) app.hub.publish(event);
    for (const change of reversal.changes) announceDecided(app, site.uuid, by, [change], change.state === 'visible' ? 'approve' : 'reject');
    // Lifted bans show their items again, a profile's name or picture taken away shows no more (engine/guest-cache.ts).
    if (reversal.bansLifted > 0 || reversal.profileChanged) app.hub.siteChanged(site.uuid);
    await deleteAvatars(app.legal.dataDir, reversal.unusedPictures);
    // A held item shown now notifies as it would have on posting.
    await app.contentNotices.approved(reversal.changes.filter((c) => c.before === 'awaiting_moderation' && c.state === 'visible').map((c) => c.uuid));
    await announce(site.uuid, item);
    await tellStatements(app, reversal.statements);
    await tellAppellant(app, site, row, item, by.uuid);
    await tellReporterOfReversal(app, site, row, item);
  }
}
