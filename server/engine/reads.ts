/**
 * The content engine's reads, for every kind (docs/api.md): a kind's container by page id, its
 * first page in one call, its list of root items (the kind's own order: policy.list), a thread's
 * replies, a selection, the signature. Every read shows what the requester may see
 * (server/content/visibility.ts); a hidden container shows its moderators only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Comment, CommentPage, Container, LiveblogPage } from '../../core/api/types.ts';
import { badRequest, notFound } from '../errors.ts';
import { nextBanExpiry } from './bans.ts';
import { listThread, type Page, presenterFor, selectInContainer } from './contentQueries.ts';
import { getCommentInContainer, viewerOf } from './contents.ts';
import { findContainer, getContainer, getOrCreateContainer, toApiContainer } from './containers.ts';
import type { ContainerKind, ContentsTable, ContainersTable, Database } from '../storage/schema.ts';
import { getSite } from './sites.ts';
import type { Viewer } from '../content/visibility.ts';
import { type Common, params, strictObject, uuid } from '../routes/schemas.ts';
import type { KindPolicy } from './policy.ts';
import { containerAnswer, kindAnswers } from './answers.ts';
import { sendJson, takesGzip } from './keptAnswers.ts';

export const limit = { type: 'integer', minimum: 1, maximum: 100, default: 10 } as const;
export const containerId = { type: 'string', minLength: 1, maxLength: 200 } as const;
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const MAX_SELECTION = 100;

export interface ContainerParams {
  section: string;
  container: string;
}

/**
 * The container `{c}` of site `{s}`; 404 when it is not one of that site's, or not of `kind` (a
 * service serves its own kind: a live blog's uuid is not a conversation).
 */
export async function containerOr404(db: Kysely<Database>, p: ContainerParams, kind: ContainerKind): Promise<ContainersTable> {
  const container = await getContainer(db, p.section, p.container, kind);
  if (!container) throw notFound('No such content container in this section');
  return container;
}

/** A hidden container (container settings) is shown to its moderators only. */
export const hiddenFrom = (container: ContainersTable, viewer: Viewer) => Number(container.is_hidden) === 1 && !viewer.privileged;

/** An empty page of a container (hidden from the viewer). */
export const emptyPage = (container: ContainersTable): CommentPage => ({
  contents: [], next_starting_from: null, more_available: false, total_visible_content: 0, latest_seq: Number(container.event_seq ?? 0),
});

/** A page of root items: the shown `contents` of `page`, where the next page starts, and the container's count. */
export function pageOf(page: Page, contents: Comment[], container: ContainersTable, viewer: Viewer): CommentPage {
  return {
    contents,
    next_starting_from: page.more ? (page.rows.at(-1)?.uuid ?? null) : null,
    more_available: page.more,
    total_visible_content: toApiContainer(container, viewer).total_visible_content,
  };
}

/** The item of the container to continue a list after (a root item, unless the list is flat); 400 when it is not one. */
export async function rootToContinueAfter(db: Kysely<Database>, container: ContainersTable, uuidOf: string | undefined, noun: string, flat = false): Promise<ContentsTable | null> {
  if (!uuidOf) return null;
  const after = await getCommentInContainer(db, container.uuid, uuidOf);
  if (flat && !after) throw badRequest(`starting_from is not a ${noun} of this content container`, 'starting_from');
  if (!after || (!flat && after.parent_uuid !== null)) throw badRequest(`starting_from is not a top-level ${noun} of this content container`, 'starting_from');
  return after;
}

/** A thread's replies the viewer may see, oldest (or newest) first, after `starting_from` (a reply of that thread). */
export async function threadPage(
  db: Kysely<Database>, container: ContainersTable, root: ContentsTable, q: { limit: number; starting_from?: string; sorted_by?: 'oldest' | 'newest' }, viewer: Viewer,
): Promise<CommentPage> {
  let after: ContentsTable | null = null;
  if (q.starting_from) {
    after = await getCommentInContainer(db, container.uuid, q.starting_from);
    if (!after || after.thread_uuid !== root.uuid || after.parent_uuid === null) {
      throw badRequest('starting_from is not a reply in this thread', 'starting_from');
    }
  }
  const page = await listThread(db, root.uuid, q.limit, after, viewer, q.sorted_by);
  const shown = await presenterFor(db, viewer, page.rows);
  return {
    contents: page.rows.flatMap((row) => shown(row) ?? []),
    next_starting_from: page.more ? (page.rows.at(-1)?.uuid ?? null) : null,
    more_available: page.more,
    total_visible_content: Number(root.total_replies),
  };
}

export interface KindOptions {
  policy: KindPolicy<any>;
}

export default async function contentReadRoutes(app: FastifyInstance, { policy }: KindOptions): Promise<void> {
  app.addHook('preHandler', app.auth.checkRequestSignature);
  const { kind, noun } = policy;
  const loadContainer = (p: ContainerParams) => containerOr404(app.db, p, kind);
  const responses = kindAnswers(policy);

  // A hidden container's count is for its moderators only (toApiContainer).
  const signed = (container: ContainersTable, viewer: Viewer): Container => ({
    ...toApiContainer(container, viewer),
    signature: app.auth.signContainer(container.site_uuid, container.uuid),
  });

  const viewerOn = (request: FastifyRequest, container: ContainersTable) => viewerOf(app.db, request.user?.row ?? null, container.site_uuid);

  /** What names a guest's list read in the guest cache: the call, its path and the query fields that change the answer. */
  const listFields = [...Object.keys(policy.list.query), 'starting_from', 'container_id'];
  const cacheKey = (call: string, path: string[], query: Record<string, unknown>) =>
    `${kind} ${call} ${path.join('/')}?${listFields.map((name) => `${name}=${String(query[name] ?? '')}`).join('&')}`;

  /**
   * A guest's list read, from the guest cache (engine/guest-cache.ts) when it is kept there, else
   * read (`load` the container, then `answer`) and kept serialised for the next guest. A request
   * with a signed-in reader neither reads nor fills the cache: their answer is their own.
   */
  async function guestCached(
    request: FastifyRequest, reply: FastifyReply, key: string,
    load: () => Promise<ContainersTable>, answer: (container: ContainersTable, viewer: Viewer) => Promise<unknown>,
  ): Promise<unknown> {
    const cache = app.guestCache;
    const guest = request.user === null && cache.enabled;
    const gzip = guest && takesGzip(request);
    const kept = guest ? cache.get(key, gzip) : null;
    if (kept) return sendJson(reply, kept, gzip);
    const container = await load();
    const viewer = await viewerOn(request, container);
    if (!guest) return { result: await answer(container, viewer) };
    // Begun before the content is read: an event committed after this point keeps the answer out.
    const read = cache.begin(container.site_uuid, container.uuid, Number(container.event_seq ?? 0));
    const [result, banExpiry] = await Promise.all([answer(container, viewer), nextBanExpiry(app.db, container.site_uuid)]);
    // Through the route's response schema, as an answer not kept would be: nothing it does not name.
    const body = Buffer.from(reply.serialize({ result }) as string);
    cache.keep(key, read, body, banExpiry ?? Infinity);
    return sendJson(reply, body, false);
  }

  /** The first (or a later) page of root items, in the kind's order. */
  async function rootPage(container: ContainersTable, q: { limit: number; starting_from?: string }, viewer: Viewer): Promise<LiveblogPage> {
    if (hiddenFrom(container, viewer)) return emptyPage(container);
    const after = await rootToContinueAfter(app.db, container, q.starting_from, noun, policy.list.flat);
    const page = await policy.list.page({ db: app.db, container, viewer, after }, q);
    // Read with the container, before the list: a realtime client catches up from here, so
    // an event committed between this read and its subscription is not lost.
    return { ...page, latest_seq: Number(container.event_seq ?? 0) };
  }

  /** The site's container of this kind for a page's container id, created on first use. */
  async function containerFor(request: FastifyRequest, section: string, id: string): Promise<Container> {
    const site = await getSite(app.db, section);
    if (!site) throw notFound(`No site has the uuid ${section}`);
    const container = await getOrCreateContainer(app.db, site.uuid, id, kind);
    return signed(container, await viewerOn(request, container));
  }

  if (kind === 'conversation') {
    app.get<{ Params: { section: string }; Querystring: Common & { container_id: string } }>(
      '/:section/contentcontainer/id',
      { schema: { params: params(['section']), querystring: strictObject({ container_id: containerId }, ['container_id']), response: containerAnswer } },
      async (request) => ({ result: await containerFor(request, request.params.section, request.query.container_id) }),
    );
  }

  app.post<{ Params: { section: string }; Body: Common & { container_id: string } }>(
    '/:section',
    { schema: { params: params(['section']), body: strictObject({ container_id: containerId }, ['container_id']), querystring: strictObject({}), response: containerAnswer } },
    async (request) => ({ result: await containerFor(request, request.params.section, request.body.container_id) }),
  );

  // The container and its first page in one call (content.md §7 `GET /{section_uuid}`): one round
  // trip less than the element's two, which pays on a real network (bench/first-load-calls.ts).
  // An unknown container is 404 (not created: the client falls back to POST /{s}).
  app.get<{ Params: { section: string }; Querystring: { limit: number; container_id: string } }>(
    '/:section',
    { schema: { params: params(['section']), querystring: strictObject({ container_id: containerId, ...policy.list.query }, ['container_id']), response: responses.containerWithPage } },
    (request, reply) => guestCached(
      request, reply, cacheKey('first', [request.params.section], request.query),
      async () => {
        const site = await getSite(app.db, request.params.section);
        if (!site) throw notFound(`No site has the uuid ${request.params.section}`);
        const container = await findContainer(app.db, site.uuid, request.query.container_id, kind);
        if (!container) throw notFound('No content container with this container_id in this section');
        return container;
      },
      async (container, viewer) => ({ ...signed(container, viewer), ...(await rootPage(container, request.query, viewer)) }),
    ),
  );

  app.get<{ Params: ContainerParams }>(
    '/:section/:container/signature',
    { schema: { params: params(['section', 'container']), querystring: strictObject({}), response: responses.signature } },
    async (request) => {
      const container = await loadContainer(request.params);
      return { result: { signature: app.auth.signContainer(container.site_uuid, container.uuid) } };
    },
  );

  app.get<{ Params: ContainerParams; Querystring: { limit: number; starting_from?: string } }>(
    `/:section/:container/${policy.paths.roots}`,
    { schema: { params: params(['section', 'container']), querystring: strictObject({ ...policy.list.query, starting_from: uuid }), response: responses.page } },
    (request, reply) => guestCached(
      request, reply, cacheKey('roots', [request.params.section, request.params.container], request.query),
      () => loadContainer(request.params),
      (container, viewer) => rootPage(container, request.query, viewer),
    ),
  );

  app.get<{ Params: ContainerParams & { content_uuid: string }; Querystring: Common & { limit: number; starting_from?: string } }>(
    '/:section/:container/content/:content_uuid/direct',
    { schema: { params: params(['section', 'container', 'content_uuid']), querystring: strictObject({ limit, starting_from: uuid }), response: responses.thread } },
    async (request) => {
      const container = await loadContainer(request.params);
      const viewer = await viewerOn(request, container);
      const [target] = hiddenFrom(container, viewer) ? [] : await selectInContainer(app.db, container.uuid, [request.params.content_uuid], viewer);
      if (!target) throw notFound(`No such ${noun} in this content container`);
      const [root] = target.thread_uuid === target.uuid ? [target] : await selectInContainer(app.db, container.uuid, [target.thread_uuid], viewer);
      if (!root) throw notFound(`No such ${noun} in this content container`);
      return { result: await threadPage(app.db, container, root, request.query, viewer) };
    },
  );

  // Several items by uuid (comma-separated), in the order asked; a uuid that is not an item of
  // this container the requester may see is left out.
  app.get<{ Params: ContainerParams; Querystring: Common & { uuids: string } }>(
    `/:section/:container/${policy.paths.selection ?? 'selection'}`,
    {
      schema: {
        params: params(['section', 'container']),
        querystring: strictObject({ uuids: { type: 'string', pattern: `^${UUID}(,${UUID}){0,${MAX_SELECTION - 1}}$` } }, ['uuids']),
        response: responses.selection,
      },
    },
    async (request) => {
      const container = await loadContainer(request.params);
      const viewer = await viewerOn(request, container);
      const wanted = [...new Set(request.query.uuids.toLowerCase().split(','))];
      const rows = hiddenFrom(container, viewer) ? [] : await selectInContainer(app.db, container.uuid, wanted, viewer);
      const shown = await presenterFor(app.db, viewer, rows);
      return { result: { contents: rows.flatMap((row) => shown(row) ?? []) } };
    },
  );
}
