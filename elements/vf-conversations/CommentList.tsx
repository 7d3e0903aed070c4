import { memo } from 'react';
import type { Comment as CommentData } from '../../core/api/types.ts';
import { Comment } from './Comment.tsx';
import { useFocusTarget } from './focusTarget.tsx';
import { HeldNotice } from './HeldNotice.tsx';
import { PromoSlot } from './PromoSlot.tsx';
import { Replies } from './Replies.tsx';

export interface CommentListProps {
  comments: CommentData[];
  sectionUuid: string;
  containerUuid: string;
  /** Replies per "Load more replies". */
  paginationReplyLimit: number;
  /** 1-based positions after which an empty `<slot name="promo-N">` goes (docs/elements.md). */
  promoPositions?: number[];
  /** Replies between the promo slots inside a thread (`reply-promo-T-N`; 0: none). */
  replyInterval?: number;
}

type ThreadProps = Omit<CommentListProps, 'comments' | 'promoPositions'> & { comment: CommentData; promo: number; position: number };

/**
 * Memoised: the list re-renders when any page, tab or held comment changes, a thread only when its
 * comment does (cache updates keep unchanged comments the same objects).
 */
const Thread = memo(function Thread({ comment, sectionUuid, containerUuid, paginationReplyLimit, promo, position, replyInterval = 0 }: ThreadProps) {
  const focus = useFocusTarget(comment.content_uuid);
  return (
    <li className="vf-thread" {...focus}>
      <Comment comment={comment} sectionUuid={sectionUuid} containerUuid={containerUuid} />
      <HeldNotice comment={comment} />
      <Replies thread={comment} sectionUuid={sectionUuid} containerUuid={containerUuid} pageSize={paginationReplyLimit} promoEvery={replyInterval} promoPrefix={`reply-promo-${position}`} />
      {promo > 0 ? <PromoSlot name={`promo-${promo}`} /> : null}
    </li>
  );
});

/** Top-level comments, each followed by its thread's replies (and a promo slot where one goes). */
export function CommentList({ comments, promoPositions = [], ...rest }: CommentListProps) {
  return (
    <ol className="vf-list" part="list">
      {comments.map((comment, i) => (
        <Thread key={comment.content_uuid} comment={comment} promo={promoPositions.indexOf(i + 1) + 1} position={i + 1} {...rest} />
      ))}
    </ol>
  );
}
