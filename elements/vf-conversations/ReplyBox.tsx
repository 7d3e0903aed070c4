import type { Comment } from '../../core/api/types.ts';
import { ReplyEditor } from '../ui/ReplyEditor.tsx';
import { usePostComment } from './usePostComment.ts';

export interface ReplyBoxProps {
  sectionUuid: string;
  containerUuid: string;
  parent: Comment;
  onDone(): void;
}

/** The inline editor under a comment; closes once the reply is posted. */
export function ReplyBox({ sectionUuid, containerUuid, parent, onDone }: ReplyBoxProps) {
  const { post, busy, error } = usePostComment(sectionUuid, containerUuid, parent.content_uuid);
  return <ReplyEditor parent={parent} post={(text) => post(text)} busy={busy} error={error} onDone={onDone} />;
}
