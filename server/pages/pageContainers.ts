/**
 * The conversations a publisher page's HTML names (docs/api.md "Pages"), read the way the loader
 * mounts its elements (core/mount/scan.ts, elements/ui/useElementContainer.ts):
 * - its own: the head's `vf:container_id`, else the page's address — what every element without
 *   an id of its own shows;
 * - shown: the `vf-container-id` of an element that holds a conversation (comments, live blog,
 *   chat, reviews and the review form), and the id a legacy `data-widget="comments"` container
 *   hands the conversation that replaces it (`data-id`, else `unique_id`, else `vf-container-id`).
 * Elements that only point at a conversation on another page (a count, a live story, a gallery, a
 * quote, a starter, a rail) name none: a home page of teasers is not the page of its articles.
 * Comments, scripts and templates are skipped; a tag cut off by the read's limit is left out.
 */
import { parseAttributes, withoutSkipped } from './htmlHead.ts';

export interface PageContainers {
  own: string[];
  shown: string[];
}

/** The elements whose conversation is on the page they are in. */
const HOLDERS = new Set(['vf-conversations', 'vf-liveblog', 'vf-livechat', 'vf-reviews', 'vf-review-form']);
/** What a legacy container hands its conversation, first found first (core/mount/scan.ts COPIED). */
const LEGACY_IDS = ['data-id', 'unique_id', 'vf-container-id'];
/** The longest container id the API takes, and the most ids one page may name. */
const MAX_ID_LENGTH = 2048;
const MAX_IDS = 100;

/** The containers `html` names; `page` is what its head said (core/page/identity.ts): its `container_id` and `url`. */
export function containersOf(html: string, page: { container_id: string | null; url: string }): PageContainers {
  const own = [page.container_id?.trim() || page.url].filter((id) => id.length <= MAX_ID_LENGTH);
  const shown = new Set<string>();
  // `[^<>]`: a tag ends at the next `<` too, so a page of unclosed tags is read in one pass, not one per tag.
  for (const match of withoutSkipped(html).matchAll(/<([a-z][a-z0-9-]*)\b([^<>]*)>/gi)) {
    const tag = match[1]!.toLowerCase();
    const legacy = !tag.startsWith('vf-') && /\bdata-widget\b/i.test(match[2]!);
    if (!HOLDERS.has(tag) && !legacy) continue;
    const attributes = parseAttributes(match[2]!);
    const names = legacy ? (attributes.get('data-widget')?.trim().toLowerCase() === 'comments' ? LEGACY_IDS : []) : ['vf-container-id'];
    const named = names.find((name) => attributes.has(name)); // an empty one still wins: the element shows the page's own
    const id = named && attributes.get(named)!.trim();
    if (id && id.length <= MAX_ID_LENGTH && !own.includes(id)) shown.add(id);
    if (shown.size >= MAX_IDS) break;
  }
  return { own, shown: [...shown] };
}
