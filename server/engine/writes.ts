/**
 * The content engine's writes, for every kind: a root item, a reply, likes and dislikes. Who may
 * write, how the words are checked, what is held and rate-limited come from the kind's policy
 * and the site's automatic moderation (server/moderation/auto/);
 * reads are in reads.ts, changes to an item in changes.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Comment, ContentEvent } from '../../core/api/types.ts';
import { ANONYMOUS_UUID } from '../../core/ids/index.ts';
import type { PermissionUser } from '../../core/permissions/index.ts';
import { limitPosting } from '../plugins/rateLimit.ts';
import { normaliseName } from '../content/normalise.ts';
import { canSee } from '../content/visibility.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { requireUser, type RequestUser } from '../plugins/auth.ts';
import { forViewer, getCommentWithActor, withActor } from './contentQueries.ts';
import { contentEvent, eventTypeOf, lockAnswered } from './contentWrites.ts';
import { insertContent } from './contentInserts.ts';
import { anonymousActor, getCommentInContainer, type Reaction, setReaction, viewerOf } from './contents.ts';
import type { EventDraft } from './events.ts';
import type { ContentsTable, ContainersTable, Database, StatementsOfReasonsTable } from '../storage/schema.ts';
import { getSite, type Site } from './sites.ts';
import { enforce, permissionUser, posterOf } from '../permissions/index.ts';
import { absentBodyIsEmpty, type Common, params, strictObject } from '../routes/schemas.ts';
import { kindAnswers } from './answers.ts';
import { typeOf } from './policy.ts';
import { containerOr404, type KindOptions } from './reads.ts';

/** anonymous_name: a guest's name for an anonymous comment (sites with enable_anonymous_comments). */
const contentBody = strictObject({ content: { type: 'string' }, anonymous_name: { type: 'string', maxLength: 50 } }, ['content']);

interface PostBody extends Common {
  content: string;
  anonymous_name?: string;
}

interface ContainerParams {
  section: string;
  container: string;
}
interface ContentParams extends ContainerParams {
  content_uuid: string;
}

export default async function contentWriteRoutes(app: FastifyInstance, { policy }: KindOptions): Promise<void> {
  app.addHook('preHandler', app.auth.checkRequestSignature);
  const { noun, paths } = policy;
  const loadContainer = (p: ContainerParams) => containerOr404(app.db, p, policy.kind);
  const responses = kindAnswers(policy);

  /** A visible item of the container that the requester may see (content/visibility.ts). */
  async function loadComment(request: FastifyRequest, container: ContainersTable, uuidOfComment: string): Promise<ContentsTable> {
    const comment = await getCommentInContainer(app.db, container.uuid, uuidOfComment);
    const row = comment?.state === 'visible' ? await getCommentWithActor(app.db, comment.uuid) : null;
    if (!row || !canSee(await viewerOf(app.db, request.user?.row ?? null, container.site_uuid), row)) throw notFound(`No such ${noun} in this content container`);
    return row;
  }

  /**
   * The rules for writing here (the policy's: reply.create, comment.create, live_content.create):
   * a user of this site, or a guest with an anonymous name where the kind and site allow it
   * (returns null for that guest); an open container.
   */
  async function checkCanPost(request: FastifyRequest, container: ContainersTable, site: Site, isReply: boolean, anonymousName: string | null): Promise<RequestUser | null> {
    if (request.user && request.user.row.site_uuid !== container.site_uuid) throw new HttpError(403, 'This account belongs to another site');
    if (request.user && anonymousName !== null) throw badRequest('anonymous_name is for guests; you are logged in', 'anonymous_name');
    const guest: PermissionUser | null = anonymousName === null ? null : { uuid: ANONYMOUS_UUID, user_privilege: 'guest', ban_level: 'none', anonymous: true, anonymous_name: anonymousName };
    // A guest is ruled too: a site with commenting off answers 403, not "log in".
    const ctx = { user: request.user ? await posterOf(app.db, request.user.row, request.user.ban) : guest, settings: site.settings, content: { is_closed: container.is_closed === 1 } };
    const rule = isReply ? policy.rules.reply : policy.rules.root;
    enforce(rule.subject, rule.action as never, ctx);
    return request.user; // null here only for a guest the rules let post anonymously
  }

  /** An event about `row`, ready for the log (storage numbers it inside the write's transaction). */
  function draft(row: ContentsTable, event: Omit<ContentEvent, 'content_type' | 'time' | 'seq'>): EventDraft {
    return { ...event, content_type: eventTypeOf(row.type), time: Date.now() };
  }

  /**
   * Stores a root item (a reply when `parentUuid` is given), publishes it, returns it as its
   * author sees it. Where the policy holds it (premoderation), it waits for a moderator.
   */
  async function post(request: FastifyRequest, reply: FastifyReply, p: ContainerParams, body: PostBody, parentUuid?: string): Promise<Comment> {
    const container = await loadContainer(p);
    const site = await getSite(app.db, container.site_uuid);
    if (!site) throw notFound('No such site');
    if (body.anonymous_name !== undefined && !policy.anonymous) throw badRequest(`A ${noun} cannot be anonymous`, 'anonymous_name');
    const anonymousName = body.anonymous_name === undefined ? null : normaliseName(body.anonymous_name);
    if (anonymousName === '') throw badRequest('Anonymous name cannot be empty', 'anonymous_name');
    const user = await checkCanPost(request, container, site, !!parentUuid, anonymousName);
    const parent = parentUuid ? await loadComment(request, container, parentUuid) : undefined;
    const text = await policy.checkText(app.db, container, !!parent, body.content);
    if (!text.ok) throw badRequest(text.message, 'content');
    if (policy.rateLimited(!!parent)) {
      const { bucket, scale } = policy.rate ?? { bucket: 'post', scale: 1 };
      limitPosting(app.postLimiter, app.postLimit * scale, request, reply, user?.row.uuid ?? null, bucket);
    }
    const actor = user?.row ?? (await anonymousActor(app.db, site.uuid));
    const privileged = actor.user_privilege === 'mod' || actor.user_privilege === 'admin';
    if (!privileged) await policy.pace?.(app.db, container, actor.uuid);
    const type = typeOf(policy, !!parent);
    // Automatic moderation (premoderation among its rules) says whether it shows, waits or is rejected.
    const verdict = await app.autoModeration.moderate({
      site, container, author: actor, text: text.text, isEdit: false, type,
      premoderated: policy.holds(site, container, privileged, !!parent),
      request: { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
    });
    let created: ContentsTable | null = null;
    let statements: StatementsOfReasonsTable[] = []; // an automatic hold's, told after commit
    // A moderator's answer locks the comment answered: its author can no longer edit it away.
    const also = privileged && parent
      ? (trx: Transaction<Database>) => lockAnswered(trx, parent.uuid, actor.uuid)
      : async (trx: Transaction<Database>) => ((statements = await app.autoModeration.record(trx, created!, 'new', verdict)), null);
    const { row, events } = await insertContent(
      app.db,
      {
        type,
        media: text.media,
        site_uuid: container.site_uuid,
        container_uuid: container.uuid,
        actor_uuid: actor.uuid,
        content: text.text,
        state: verdict.state,
        hold_reason: verdict.reason,
        ...(anonymousName === null ? {} : { anonymous_name: anonymousName }),
        ...(parent ? { parent } : {}),
      },
      // A held comment's event has no content: moderators' pages refetch (docs/api.md).
      (row) => {
        created = row; // told before `also` runs, in the same transaction
        return contentEvent('created', withActor(row, actor), row.actor_uuid);
      },
      also,
      { followUp: true }, // its notices and mails, done below, are recorded as to do (followups.ts)
    );
    for (const event of events) app.hub.publish(event); // after commit: the events are in the log for catch-up
    if (row.state === 'visible' && (await app.contentNotices.created(row, container, parent))) app.followups.done('created', [row.uuid]);
    await app.legal.tell(statements);
    // As its author sees it: a held or rejected item says why (moderation_reason).
    return forViewer({ uuid: actor.uuid, privileged: false, muted: [] }, withActor(row, actor))!;
  }

  if (!policy.ownWrites) {
    app.post<{ Params: ContainerParams; Body: PostBody }>(
      `/:section/:container/${paths.roots}`,
      { schema: { params: params(['section', 'container']), body: contentBody, querystring: strictObject({}), response: responses.item } },
      async (request, reply) => ({ result: await post(request, reply, request.params, request.body) }),
    );

    app.post<{ Params: ContentParams; Body: PostBody }>(
      `/:section/:container/${paths.reply}`,
      { schema: { params: params(['section', 'container', 'content_uuid']), body: contentBody, querystring: strictObject({}), response: responses.item } },
      async (request, reply) => ({ result: await post(request, reply, request.params, request.body, request.params.content_uuid) }),
    );
  }

  // Likes and dislikes: POST adds, DELETE takes back; idempotent. Ruled by comment.like /
  // comment.dislike (the site's switch first, then a login, then hidden bans).
  const EVENTS = { like: ['liked', 'unliked'], dislike: ['disliked', 'undisliked'] } as const;
  for (const reaction of ['like', 'dislike'] as const satisfies readonly Reaction[]) {
    for (const method of ['POST', 'DELETE'] as const) {
      app.route<{ Params: ContentParams; Body: Common }>({
        method,
        url: `/:section/:container/${paths[reaction]}`,
        preValidation: absentBodyIsEmpty,
        schema: { params: params(['section', 'container', 'content_uuid']), body: strictObject({}), querystring: strictObject({}), response: responses.reaction },
        handler: async (request) => {
          const container = await loadContainer(request.params);
          const comment = await loadComment(request, container, request.params.content_uuid);
          const site = await getSite(app.db, container.site_uuid);
          if (!site) throw notFound('No such site');
          const viewer = request.user ? permissionUser(request.user.row, request.user.ban) : null;
          const rule = policy.rules[reaction];
          enforce(rule.subject, rule.action as never, { user: viewer, settings: site.settings, content: { actor_uuid: comment.actor_uuid, state: 'visible' } });
          const user = requireUser(request);
          if (user.row.site_uuid !== container.site_uuid) throw new HttpError(403, 'This account belongs to another site');
          const on = method === 'POST';
          if (policy.ownLikeRefused && reaction === 'like' && on && comment.actor_uuid === user.row.uuid) throw new HttpError(403, policy.ownLikeRefused);
          const total = reaction === 'like' ? 'total_likes' : 'total_dislikes';
          const change = await setReaction(app.db, reaction, comment.uuid, user.row.uuid, on, (count) => draft(comment, {
            event: EVENTS[reaction][on ? 0 : 1],
            section_uuid: comment.site_uuid,
            content_container_uuid: comment.container_uuid,
            content_uuid: comment.uuid,
            actor_uuid: user.row.uuid,
            [total]: count,
          }));
          if (change.event) app.hub.publish(change.event); // after commit
          if (change.event && reaction === 'like' && on) await app.contentNotices.liked(comment, user.row.uuid);
          return { result: { content_uuid: comment.uuid, [total]: change.total, [reaction === 'like' ? 'liked' : 'disliked']: on } };
        },
      });
    }
  }
}
