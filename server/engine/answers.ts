/**
 * The content engine's answers for one kind (docs/api.md "OpenAPI"): every call of reads.ts,
 * writes.ts and changes.ts declares its response with these, built from the shared shapes
 * (engine/schemas.ts) and the kind's own item fields (a review's stars and title).
 */
import { answers } from '../routes/schemas.ts';
import { container, containerWithPage, count, itemWith, listedItem, page, shape } from './schemas.ts';
import type { KindPolicy } from './policy.ts';

const text = { type: 'string' } as const;

/** `{ result: container }`: the container settings' and the container calls' answer. */
export const containerAnswer = answers(container);

/** The answers of a kind's calls. */
export function kindAnswers(policy: Pick<KindPolicy<any>, 'itemFields'>) {
  const item = itemWith(policy.itemFields);
  const listed = listedItem(item);
  return {
    /** One item as the caller sees it (a new, changed, flagged or moderated item). */
    item: answers(item),
    /** A page of root items (a top-level comment with its first replies). */
    page: answers(page(listed)),
    /** A thread's replies. */
    thread: answers(page(item)),
    containerWithPage: answers(containerWithPage(listed)),
    selection: answers(shape({ contents: { type: 'array', items: item } }, ['contents'])),
    signature: answers(shape({ signature: text }, ['signature'])),
    removed: answers(shape({ content_uuid: text, state: text }, ['content_uuid', 'state'])),
    /** A like or dislike: the item's new total and whether the caller's reaction is on. */
    reaction: answers(shape({ content_uuid: text, total_likes: count, total_dislikes: count, liked: { type: 'boolean' }, disliked: { type: 'boolean' } }, ['content_uuid'])),
  };
}
