/** "Remove this comment?" asked in place before the removal is sent (ConfirmInPlace). */
import { useRemoveCommentMutation } from '../../core/api/commentActions.ts';
import type { Comment } from '../../core/api/types.ts';
import { ConfirmInPlace } from '../ui/ConfirmInPlace.tsx';
import { useT } from '../ui/useIntl.ts';

export interface ConfirmRemoveProps {
  comment: Comment;
  sectionUuid: string;
  onDone(): void;
  onError(message: string): void;
}

export function ConfirmRemove({ comment, sectionUuid, onDone, onError }: ConfirmRemoveProps) {
  const t = useT();
  const [remove, state] = useRemoveCommentMutation();

  const confirm = async () => {
    try {
      await remove({ sectionUuid, containerUuid: comment.content_container_uuid, contentUuid: comment.content_uuid }).unwrap();
      onDone();
    } catch {
      onError(t('conversations.error.action'));
      onDone();
    }
  };

  return (
    <ConfirmInPlace
      question={t('conversations.remove.confirm')}
      confirmLabel={t('conversations.action.remove')}
      busy={state.isLoading}
      onConfirm={() => void confirm()}
      onCancel={onDone}
    />
  );
}
