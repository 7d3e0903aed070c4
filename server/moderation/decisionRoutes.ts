/**
 * The queue's decisions on `/api/v2` (docs/moderation.md): approve, reject, spam or pick 1–500
 * items at once, each with the state the moderator saw, and undo one within UNDO_WINDOW_MS.
 * After commit each item's page gets its usual event, every open queue of the site `decided`,
 * and an approved held item notifies as it would have on posting.
 */
import type { FastifyInstance } from 'fastify';
import { GROUND_ID_PATTERN, MAX_EXPLANATION } from '../../core/legal/types.ts';
import { DECISIONS, type Decision } from '../../core/moderation/types.ts';
import { badRequest, HttpError } from '../errors.ts';
import { approvedItems, legalSettings, reverseStatements, tellStatements, termsRuleOr400, writeDecisionStatements } from '../legal/index.ts';
import { answers, type Common, params, strictObject, uuid } from '../routes/schemas.ts';
import type { StatementsOfReasonsTable } from '../storage/schema.ts';
import { shape } from '../engine/schemas.ts';
import { moderatorOf } from './access.ts';
import { recordFollowups } from '../engine/followups.ts';
import { decideMany, type Decided, undoDecision } from './decisions.ts';
import { announceDecided } from './live.ts';
import { decisionResult } from './schemas.ts';

type DecidedItem = Decided['decided'][number];

export const MAX_DECISION_ITEMS = 500;

interface DecisionBody extends Common {
  section: string;
  decision: Decision;
  items: { uuid: string; state: string }[];
  /** reject and spam: the rule of the site's terms cited in the statements of reasons (docs/law.md), and why. */
  terms_rule?: string;
  explanation?: string;
}

const seenItem = { type: 'object', additionalProperties: false, properties: { uuid, state: { type: 'string', minLength: 1, maxLength: 40 } }, required: ['uuid', 'state'] } as const;

export default async function decisionRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: DecisionBody }>(
    '/moderation/decisions',
    {
      schema: {
        body: strictObject(
          {
            decision: { type: 'string', enum: [...DECISIONS] }, items: { type: 'array', minItems: 1, maxItems: MAX_DECISION_ITEMS, items: seenItem },
            terms_rule: { type: 'string', pattern: GROUND_ID_PATTERN }, explanation: { type: 'string', minLength: 1, maxLength: MAX_EXPLANATION },
          },
          ['section', 'decision', 'items'],
        ),
        querystring: strictObject({}),
        response: answers(decisionResult),
      },
    },
    async (request) => {
      const { site, user } = await moderatorOf(app.db, request, request.body.section);
      const { decision, items, terms_rule, explanation } = request.body;
      if (new Set(items.map((item) => item.uuid)).size !== items.length) throw new HttpError(400, 'Each item once', { field: 'items' });
      const restricting = decision === 'reject' || decision === 'spam';
      if (!restricting && (terms_rule !== undefined || explanation !== undefined)) throw badRequest('terms_rule and explanation go with reject and spam', terms_rule !== undefined ? 'terms_rule' : 'explanation');
      if (terms_rule !== undefined) termsRuleOr400(await legalSettings(app.db, site.uuid), terms_rule);
      // Each item restricted gets its statement of reasons, in the decision's transaction; an approval lifts them.
      let statements: StatementsOfReasonsTable[] = [];
      // The notices and mails an approval or a pick sends after commit are recorded as to do in its
      // transaction (engine/followups.ts; a pick's followup covers a held item it shows).
      const approvedOf = (decided: DecidedItem[]) => decided.filter((d) => d.before.state === 'awaiting_moderation' && d.state === 'visible').map((d) => d.uuid);
      const pickedOf = (decided: DecidedItem[]) => decided.filter((d) => d.state === 'visible' && Number(d.before.is_picked) !== 1).map((d) => d.uuid);
      const result = await decideMany(app.db, site.uuid, user.row.uuid, decision, items, async (trx, { decided }) => {
        if (restricting) statements = await writeDecisionStatements(trx, user.row.uuid, decision, 'queue', decided, { terms_rule, explanation: explanation?.trim() });
        else await approvedItems(trx, decided);
        if (decision === 'pick') await recordFollowups(trx, 'picked', pickedOf(decided), user.row.uuid);
        else await recordFollowups(trx, 'approved', approvedOf(decided), user.row.uuid);
      });
      for (const event of result.events) app.hub.publish(event); // after commit
      await tellStatements(app, statements);
      announceDecided(app, site.uuid, { uuid: user.row.uuid, name: user.row.name }, result.decided, decision);
      if (result.decided.length === 0) {
        const first = result.conflicts[0]!;
        throw new HttpError(409, first.decided_by ? `Already decided by ${first.decided_by}` : 'Already changed since you saw it', { decided_by: first.decided_by });
      }
      // An approved item notifies now, as it would have on posting without premoderation, and its
      // author may be mailed (docs/notifications.md "Email"; a rejection is told by its statement of reasons).
      const approved = approvedOf(result.decided);
      const noticed = await app.contentNotices.approved(approved);
      // A pick's author hears of the pick (one mail), any other approval's of the approval.
      if (decision === 'pick') {
        const picked = pickedOf(result.decided);
        if ((await app.readerMails.picked(picked, user.row.uuid)) && noticed) app.followups.done('picked', picked);
      } else if ((await app.readerMails.approved(approved, user.row.uuid)) && noticed) app.followups.done('approved', approved);
      return { result: { decided: result.decided.map(({ uuid: id, state, decision_uuid }) => ({ uuid: id, state, decision_uuid })), conflicts: result.conflicts } };
    },
  );

  app.post<{ Params: { decision_uuid: string }; Body: Common & { section: string } }>(
    '/moderation/decisions/:decision_uuid/undo',
    {
      schema: {
        params: params(['decision_uuid']),
        body: strictObject({}, ['section']),
        querystring: strictObject({}),
        response: answers(shape({ uuid: { type: 'string' }, state: { type: 'string' }, decision_uuid: { type: 'string' } }, ['uuid', 'state', 'decision_uuid'])),
      },
    },
    async (request) => {
      const { site, user } = await moderatorOf(app.db, request, request.body.section);
      // An undone reject or spam restricts no more: its statement is reversed.
      const undone = await undoDecision(app.db, site.uuid, user.row.uuid, request.params.decision_uuid, (trx, decision) => reverseStatements(trx, { undoneDecisions: [decision.uuid] }));
      if (undone.event) app.hub.publish(undone.event);
      const item = { uuid: undone.row.uuid, state: undone.row.state };
      announceDecided(app, site.uuid, { uuid: user.row.uuid, name: user.row.name }, [item], 'undo');
      return { result: { ...item, decision_uuid: undone.record.uuid } };
    },
  );
}
