/**
 * Live chats (docs/api.md "chat"): every item is a `chat_message`, a reply being a message that
 * names the one it answers; readers write under message.create (login, enable_livechat, bans,
 * mutes, the chat open), 1–1000 characters of plain text, held under premoderation, paced by the
 * chat's slow mode and the posting rate limit. One stream, oldest first, newest at the bottom;
 * `starting_from` pages back in time.
 */
import { HttpError } from '../../errors.ts';
import { normalisePlain } from '../../content/normalise.ts';
import type { KindPolicy } from '../../engine/policy.ts';
import { pageOf } from '../../engine/reads.ts';
import { listStream, presenterFor } from '../../engine/contentQueries.ts';
import { holdsForModeration } from '../../engine/containers.ts';

export const MAX_MESSAGE_LENGTH = 1000;
export const CHAT_PAGE = { type: 'integer', minimum: 1, maximum: 100, default: 30 } as const;

const message = { subject: 'message', action: 'create' } as const;

export const chatPolicy: KindPolicy = {
  kind: 'chat',
  types: { root: 'chat_message', reply: 'chat_message' },
  containerEvents: 'chat',
  rules: {
    root: message,
    reply: message,
    like: { subject: 'message', action: 'like' },
    dislike: { subject: 'message', action: 'dislike' },
    flag: { subject: 'message', action: 'flag' },
  },
  noun: 'message',
  anonymous: false,
  editorsUnbound: false,
  async checkText(_db, _container, _isReply, input) {
    const text = normalisePlain(input, 'Message', MAX_MESSAGE_LENGTH);
    return text.ok ? { ...text, media: null } : text;
  },
  holds: (site, container, privileged) => holdsForModeration(site.settings, container, privileged),
  rateLimited: () => true,
  // Its own flood limit, six times the comments' (30 a minute by default), not shared with them.
  rate: { bucket: 'chat', scale: 6 },
  // Slow mode: one message per `slow_mode_seconds` for each reader (moderators are not paced).
  async pace(db, container, actorUuid) {
    const seconds = Number(container.slow_mode_seconds ?? 0);
    if (seconds <= 0) return;
    const last = await db
      .selectFrom('contents')
      .select('date_created')
      .where('actor_uuid', '=', actorUuid)
      .where('container_uuid', '=', container.uuid)
      .orderBy('date_created', 'desc')
      .limit(1)
      .executeTakeFirst();
    const wait = last ? Math.ceil((Number(last.date_created) + seconds * 1000 - Date.now()) / 1000) : 0;
    if (wait > 0) throw new HttpError(429, `Slow mode is on: one message every ${seconds} seconds`, { retry_after: wait });
  },
  list: {
    query: { limit: CHAT_PAGE },
    flat: true,
    async page({ db, container, viewer, after }, q) {
      const page = await listStream(db, container.uuid, q.limit, after, viewer);
      const shown = await presenterFor(db, viewer, page.rows);
      // Read newest first (the page's end is its oldest message), shown oldest first.
      return pageOf(page, page.rows.flatMap((row) => shown(row) ?? []).reverse(), container, viewer);
    },
  },
  paths: {
    roots: 'messages',
    reply: 'replies/:content_uuid',
    selection: 'messages/selection',
    remove: 'messages/:content_uuid',
    like: 'messages/:content_uuid/like',
    dislike: 'messages/:content_uuid/dislike',
    flag: 'messages/:content_uuid/flag',
  },
};
