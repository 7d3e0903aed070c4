/**
 * Live blogs (docs/api.md "liveblog"): editors (live_content.create) publish rich-text posts,
 * never held; readers reply under the comment rules (reply.create, premoderation, the posting
 * rate limit). Posts list newest first with the pinned ones apart, on top of the first page;
 * replies are fetched per post. Editors edit their own posts without the reader's edit window.
 */
import { checkRichText } from '../../../core/text/richText.ts';
import { normaliseComment } from '../../content/normalise.ts';
import type { KindPolicy } from '../../engine/policy.ts';
import { limit, pageOf } from '../../engine/reads.ts';
import { listPinned, listTopLevel, presenterFor } from '../../engine/contentQueries.ts';
import { holdsForModeration } from '../../engine/containers.ts';
import { mediaOfContainer } from '../../media/index.ts';

/** At most this many pinned posts come with the first page. */
const MAX_PINNED = 20;

export const liveblogPolicy: KindPolicy = {
  kind: 'liveblog',
  types: { root: 'liveblog_post', reply: 'reply_to_liveblog_post' },
  containerEvents: 'liveblog',
  rules: {
    root: { subject: 'live_content', action: 'create' }, reply: { subject: 'reply', action: 'create' },
    like: { subject: 'comment', action: 'like' }, dislike: { subject: 'comment', action: 'dislike' }, flag: { subject: 'content', action: 'flag' },
  },
  noun: 'post',
  anonymous: false,
  editorsUnbound: true,
  async checkText(db, container, isReply, input) {
    if (isReply) {
      const text = normaliseComment(input);
      return text.ok ? { ...text, media: null } : text;
    }
    const text = checkRichText(input);
    if (!text.ok) return text;
    const media = text.media_uuids.length > 0 ? await mediaOfContainer(db, container.uuid, text.media_uuids) : null;
    return { ok: true, text: text.text, media };
  },
  // Posts are the editors' own: only readers' replies wait for a moderator.
  holds: (site, container, privileged, isReply) => isReply && holdsForModeration(site.settings, container, privileged),
  rateLimited: (isReply) => isReply,
  list: {
    query: { limit },
    async page({ db, container, viewer, after }, q) {
      const [page, pinned] = await Promise.all([
        listTopLevel(db, container.uuid, 'newest', q.limit, after, viewer, 'unpinned'),
        after ? Promise.resolve([]) : listPinned(db, container.uuid, MAX_PINNED, viewer),
      ]);
      const shown = await presenterFor(db, viewer, [...pinned, ...page.rows]);
      const list = pageOf(page, page.rows.flatMap((row) => shown(row) ?? []), container, viewer);
      return after ? list : { ...list, pinned: pinned.flatMap((row) => shown(row) ?? []) };
    },
  },
  paths: {
    roots: 'posts',
    reply: 'replies/:content_uuid',
    remove: 'posts/:content_uuid',
    like: 'likes/:content_uuid',
    dislike: 'dislikes/:content_uuid',
    flag: 'replies/:content_uuid/flags',
    pick: 'posts/:content_uuid/pick',
    pin: { url: 'posts/:content_uuid/pin', on: 'PUT' },
  },
};
