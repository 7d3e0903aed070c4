/**
 * The content engine's calls on one existing item, for every kind (docs/api.md "Changing
 * comments"): read it, edit, remove, flag, pick, pin, and the moderation states. Each answers the
 * item as the caller sees it afterwards, and publishes its content event after commit. The paths
 * and the words' check are the kind's (policy.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Comment } from '../../core/api/types.ts';
import { normaliseName } from '../content/normalise.ts';
import { canSee, type Viewer } from '../content/visibility.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { requireUser, type RequestUser } from '../plugins/auth.ts';
import { enforce, permissionUser } from '../permissions/index.ts';
import { actionsOf, forViewer, getCommentWithActor, reactionsBy, type Row } from './contentQueries.ts';
import { changeComment, clearFlags, contentEvent, type CommentUpdate, lockBy } from './contentWrites.ts';
import { setReaction, storedReason, viewerOf } from './contents.ts';
import type { EventDraft } from './events.ts';
import type { ContainersTable, Database } from '../storage/schema.ts';
import { getSite, type Site } from './sites.ts';
import { absentBodyIsEmpty, type Common, params, strictObject } from '../routes/schemas.ts';
import { kindAnswers } from './answers.ts';
import { decisionRecord, MODERATION, type ModerationAction, moderationChange, moderationEvent } from './moderationStates.ts';
import { recordFollowups } from './followups.ts';
import { containerOr404, type KindOptions } from './reads.ts';

interface ContentParams {
  section: string;
  container: string;
  content_uuid: string;
}

/** Everything a call on one comment needs. */
interface Target {
  site: Site;
  container: ContainersTable;
  row: Row;
  viewer: Viewer;
}

const contentParams = params(['section', 'container', 'content_uuid']);
/** A report's reason: a short line (docs/moderation.md). */
export const MAX_FLAG_REASON = 200;
const emptyBody = { params: contentParams, body: strictObject({}), querystring: strictObject({}) };

export default async function contentChangeRoutes(app: FastifyInstance, { policy }: KindOptions): Promise<void> {
  app.addHook('preHandler', app.auth.checkRequestSignature);
  const { noun, paths } = policy;
  const noSuchItem = () => notFound(`No such ${noun} in this content container`);
  const responses = kindAnswers(policy);
  /** A call that answers the item as the caller now sees it. */
  const itemCall = { ...emptyBody, response: responses.item };

  /** The comment, if the caller may see it (404 otherwise, so hidden comments stay unknown). */
  async function load(request: FastifyRequest<{ Params: ContentParams }>): Promise<Target> {
    const p = request.params;
    const container = await containerOr404(app.db, p, policy.kind);
    const site = await getSite(app.db, container.site_uuid);
    if (!site) throw notFound('No such site');
    const row = await getCommentWithActor(app.db, p.content_uuid);
    const viewer = await viewerOf(app.db, request.user?.row ?? null, site.uuid);
    if (!row || row.container_uuid !== container.uuid || !canSee(viewer, row)) throw noSuchItem();
    return { site, container, row, viewer };
  }

  /** The logged-in caller, a user of this site. */
  function member(request: FastifyRequest, t: Target): RequestUser {
    const user = requireUser(request);
    if (user.row.site_uuid !== t.site.uuid) throw new HttpError(403, 'This account belongs to another site');
    return user;
  }

  /** comment.moderate: a moderator or admin of this site. */
  function moderator(request: FastifyRequest, t: Target): RequestUser {
    const user = member(request, t);
    enforce('comment', 'moderate', { user: permissionUser(user.row, user.ban), settings: t.site.settings });
    return user;
  }

  /** The rules' view of the comment for edit and remove (spec §5). */
  function ruledContent(t: Target) {
    const { row, container } = t;
    return {
      actor_uuid: row.actor_uuid,
      state: row.state as Comment['state'],
      is_picked: Number(row.is_picked) === 1,
      date_created: Number(row.date_created),
      date_locked: row.date_locked == null ? null : Number(row.date_locked),
      is_closed: Number(container.is_closed) === 1,
    };
  }

  /** The comment as `viewer` sees it now, with their actions. */
  async function seenBy(viewer: Viewer, row: Row): Promise<Comment> {
    const reactions = await reactionsBy(app.db, viewer.uuid, [row.uuid]);
    const comment = forViewer(viewer, row, actionsOf(reactions, row.uuid));
    if (!comment) throw noSuchItem();
    return comment;
  }

  /** Applies a change, publishes its event, answers the comment as the caller sees it. */
  async function apply(t: Target, decide: (before: Row) => CommentUpdate, event: (before: Row, after: Row) => EventDraft | null) {
    const change = await changeComment(app.db, t.row.uuid, decide, event);
    if (change.event) app.hub.publish(change.event); // after commit
    return { result: await seenBy(t.viewer, change.row) };
  }

  /** Moderation, pin and pick calls act on comments that exist; a deleted one stays deleted. */
  function notDeleted(t: Target): void {
    if (t.row.state === 'deleted') throw new HttpError(409, `This ${noun} was deleted`);
  }

  if (paths.read) {
    app.get<{ Params: ContentParams }>(`/:section/:container/${paths.read}`, { schema: { params: contentParams, querystring: strictObject({}), response: responses.item } }, async (request) => {
      const t = await load(request);
      // A hidden container (container settings) is shown to its moderators only.
      if (Number(t.container.is_hidden) === 1 && !t.viewer.privileged) throw noSuchItem();
      return { result: await seenBy(t.viewer, t.row) };
    });
  }

  // Edit: the author under the §5 rules (comment.update), or a moderator of the site. Under
  // premoderation a reader's edit of a shown comment waits for a moderator again: approval is of
  // the words, so new words are not shown until they are approved too.
  if (!policy.ownWrites) app.post<{ Params: ContentParams; Body: Common & { content: string } }>(
    '/:section/:container/content/:content_uuid/edit',
    { schema: { params: contentParams, body: strictObject({ content: { type: 'string' } }, ['content']), querystring: strictObject({}), response: responses.item } },
    async (request) => {
      const t = await load(request);
      const user = member(request, t);
      const ctx = { user: permissionUser(user.row, user.ban), settings: t.site.settings, content: ruledContent(t) };
      const byModerator = t.viewer.privileged && t.row.actor_uuid !== user.row.uuid;
      // Where the kind says so (live-blog posts), editors change their own items as freely as others'.
      enforce('comment', byModerator || (t.viewer.privileged && policy.editorsUnbound) ? 'moderate' : 'update', ctx);
      notDeleted(t);
      const isReply = t.row.parent_uuid !== null;
      const text = await policy.checkText(app.db, t.container, isReply, request.body.content);
      if (!text.ok) throw badRequest(text.message, 'content');
      // A reader's new words go through automatic moderation again (premoderation among its rules).
      const verdict = byModerator
        ? { state: 'visible' as const, reason: null }
        : await app.autoModeration.moderate({
          site: t.site, container: t.container, author: user.row, text: text.text, isEdit: true, type: t.row.type,
          premoderated: policy.holds(t.site, t.container, t.viewer.privileged, isReply),
          request: { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        });
      const media = text.media ? JSON.stringify(text.media) : null;
      let statements: Awaited<ReturnType<typeof app.autoModeration.record>> = []; // an automatic hold's, told after commit
      const answer = await apply(
        t,
        (before) => {
          if (before.content === text.text && (before.media ?? null) === media) return { patch: null };
          // Held words wait again; rejected words are rejected, whether it was shown or waiting.
          const judged = verdict.state === 'disabled' || (verdict.state === 'awaiting_moderation' && before.state === 'visible');
          const again = judged && verdict.reason ? { state: verdict.state, hold_reason: storedReason(verdict.reason) } : {};
          // A moderator's edit locks it: the author cannot put back what the moderator took out.
          const lock = byModerator ? lockBy(before, user.row.uuid) : {};
          const images = text.media || before.media ? { media } : {};
          return {
            patch: { content: text.text, is_edited: 1, date_edited: Date.now(), ...images, ...again, ...lock },
            ...(again.state ? { also: async (trx: Transaction<Database>) => void (statements = await app.autoModeration.record(trx, before, before.state, verdict)) } : {}),
          };
        },
        (_before, after) => contentEvent('updated', after, user.row.uuid),
      );
      await app.legal.tell(statements);
      return answer;
    },
  );

  // Remove: the author under the §5 remove rules (comment.remove), or a moderator's delete.
  app.delete<{ Params: ContentParams; Body: Common }>(
    `/:section/:container/${paths.remove}`,
    { preValidation: absentBodyIsEmpty, schema: { ...emptyBody, response: responses.removed } },
    async (request) => {
      const t = await load(request);
      const user = member(request, t);
      const ctx = { user: permissionUser(user.row, user.ban), settings: t.site.settings, content: ruledContent(t) };
      enforce('comment', t.viewer.privileged ? 'moderate' : 'remove', ctx);
      const change = await changeComment(
        app.db,
        t.row.uuid,
        (before) => ({ patch: before.state === 'deleted' ? null : { state: 'deleted' } }),
        (_before, after) => contentEvent('deleted', after, user.row.uuid),
      );
      if (change.event) app.hub.publish(change.event);
      return { result: { content_uuid: t.row.uuid, state: 'deleted' as const } };
    },
  );

  // Flags (content.flag): once per user, with an optional reason (moderators read it in the
  // queue); DELETE takes the caller's flag back. Moderators see the total.
  const flagBody = strictObject({ reason: { type: 'string', maxLength: MAX_FLAG_REASON } });
  for (const method of ['POST', 'DELETE'] as const) {
    app.route<{ Params: ContentParams; Body: Common & { reason?: string } }>({
      method,
      url: `/:section/:container/${paths.flag}`,
      preValidation: absentBodyIsEmpty,
      schema: method === 'POST' ? { ...itemCall, body: flagBody } : itemCall,
      handler: async (request) => {
        const t = await load(request);
        const viewer = request.user ? permissionUser(request.user.row, request.user.ban) : null;
        enforce(policy.rules.flag.subject, policy.rules.flag.action as never, { user: viewer, settings: t.site.settings, content: { actor_uuid: t.row.actor_uuid } });
        const user = member(request, t);
        const on = method === 'POST';
        // The flagger stays private: the event names the comment's author, never who flagged it,
        // and carries no total (flag counts are for moderators, who fetch the comment).
        const reason = normaliseName(request.body.reason ?? '') || null;
        const change = await setReaction(app.db, 'flag', t.row.uuid, user.row.uuid, on, () =>
          contentEvent(on ? 'flagged' : 'flags_cleared', t.row, t.row.actor_uuid),
        reason);
        if (change.event) app.hub.publish(change.event);
        const row = (await getCommentWithActor(app.db, t.row.uuid))!;
        return { result: await seenBy(t.viewer, row) };
      },
    });
  }

  // Editor's picks and pins (moderators): POST (the live blog's pin: PUT) sets, DELETE undoes;
  // repeating changes nothing.
  const MARKS = [
    ...(paths.pick ? [{ url: paths.pick, onMethod: 'POST', on: 'picked', off: 'unpicked', set: (on: boolean) => ({ is_picked: on ? 1 : 0 }), column: 'is_picked' }] as const : []),
    ...(paths.pin ? [{ url: paths.pin.url, onMethod: paths.pin.on, on: 'pinned', off: 'unpinned', set: (on: boolean) => ({ is_pinned: on ? 1 : 0, date_pinned: on ? Date.now() : null }), column: 'is_pinned' }] as const : []),
  ];
  for (const mark of MARKS) {
    for (const method of [mark.onMethod, 'DELETE'] as const) {
      app.route<{ Params: ContentParams; Body: Common }>({
        method,
        url: `/:section/:container/${mark.url}`,
        preValidation: absentBodyIsEmpty,
        schema: itemCall,
        handler: async (request) => {
          const t = await load(request);
          const user = moderator(request, t);
          notDeleted(t);
          const on = method !== 'DELETE';
          // The author may be mailed that the editors picked it (docs/notifications.md "Email"):
          // recorded as to do in the pick's transaction (followups.ts), done after commit.
          let picked = false;
          const answer = await apply(
            t,
            (before) => {
              if ((Number(before[mark.column]) === 1) === on) return { patch: null };
              picked = on && mark.on === 'picked' && before.state === 'visible';
              return { patch: mark.set(on), ...(picked ? { also: (trx) => recordFollowups(trx, 'picked', [before.uuid], user.row.uuid) } : {}) };
            },
            (_before, after) => contentEvent(on ? mark.on : mark.off, after, user.row.uuid),
          );
          if (picked && (await app.readerMails.picked([t.row.uuid], user.row.uuid))) app.followups.done('picked', [t.row.uuid]);
          return answer;
        },
      });
    }
  }

  // Moderation states (moderationStates.ts: what each changes, its event, its record).
  for (const action of Object.keys(MODERATION) as ModerationAction[]) {
    app.post<{ Params: ContentParams; Body: Common }>(
      `/:section/:container/moderation/:content_uuid/${action}`,
      { preValidation: absentBodyIsEmpty, schema: itemCall },
      async (request) => {
        const t = await load(request);
        const user = moderator(request, t);
        notDeleted(t);
        let decidedState: string | null = null;
        let statements: Awaited<ReturnType<typeof app.legal.decided>> = [];
        const answer = await apply(
          t,
          (before) => {
            const now = Date.now();
            const change = moderationChange(action, before, user.row.uuid, now);
            if (!change) return { patch: null };
            decidedState = String(change.patch.state);
            const record = decisionRecord(MODERATION[action].decision, before, String(change.patch.state), user.row.uuid, now);
            const decided = [{ before, state: String(change.patch.state), decision_uuid: record.uuid }];
            return {
              patch: change.patch,
              also: async (trx) => {
                if (change.clearFlags) await clearFlags(trx, before.uuid);
                await trx.insertInto('moderation_decisions').values(record).execute();
                // A statement of reasons for a reject or spam (docs/law.md); an approval lifts the item's.
                if (action === 'disable' || action === 'spam') statements = await app.legal.decided(trx, user.row.uuid, action === 'spam' ? 'spam' : 'reject', decided);
                else await app.legal.approved(trx, decided);
                // A held item shown now notifies and mails after commit (followups.ts).
                if (before.state === 'awaiting_moderation' && decidedState === 'visible') await recordFollowups(trx, 'approved', [before.uuid], user.row.uuid);
              },
            };
          },
          (before, after) => moderationEvent(action, before, after, user.row.uuid),
        );
        await app.legal.tell(statements);
        // Every open moderation queue drops it at once, as for a decision made in the queue.
        if (decidedState) app.moderationQueue.decided(t.row.site_uuid, { uuid: user.row.uuid, name: user.row.name }, [{ uuid: t.row.uuid, state: decidedState }], MODERATION[action].decision);
        // An approved item notifies now, as it would have on posting without premoderation, and its
        // author may be mailed its approval (a rejection is told by its statement of reasons).
        if (decidedState === 'visible' && t.row.state === 'awaiting_moderation') {
          const noticed = await app.contentNotices.approved([t.row.uuid]);
          if ((await app.readerMails.approved([t.row.uuid], user.row.uuid)) && noticed) app.followups.done('approved', [t.row.uuid]);
        }
        return answer;
      },
    );
  }
}
