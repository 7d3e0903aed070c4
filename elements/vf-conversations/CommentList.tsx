import type { Comment as CommentData } from '../../core/api/types.ts';
import { Comment } from './Comment.tsx';
import { Replies } from './Replies.tsx';

export interface CommentListProps {
  comments: CommentData[];
  sectionUuid: string;
  containerUuid: string;
}

/** Top-level comments, each followed by its thread's replies. */
export function CommentList({ comments, sectionUuid, containerUuid }: CommentListProps) {
  return (
    <ol className="vf-list" part="list">
      {comments.map((comment) => (
        <li key={comment.content_uuid} className="vf-thread">
          <Comment comment={comment} sectionUuid={sectionUuid} containerUuid={containerUuid} />
          <Replies thread={comment} sectionUuid={sectionUuid} containerUuid={containerUuid} />
        </li>
      ))}
    </ol>
  );
}
