/** "Remove this comment?" asked in place before the removal is sent; focus starts on Cancel. */
import { useEffect, useRef } from 'react';
import { useRemoveCommentMutation } from '../../core/api/commentActions.ts';
import type { Comment } from '../../core/api/types.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';

export interface ConfirmRemoveProps {
  comment: Comment;
  sectionUuid: string;
  onDone(): void;
  onError(message: string): void;
}

export function ConfirmRemove({ comment, sectionUuid, onDone, onError }: ConfirmRemoveProps) {
  const t = useT();
  const cancel = useRef<HTMLButtonElement>(null);
  const [remove, state] = useRemoveCommentMutation();
  useEffect(() => cancel.current?.focus(), []);

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
    <div className="vf-confirm" role="group" aria-label={t('conversations.remove.confirm')}>
      <p>{t('conversations.remove.confirm')}</p>
      <button ref={cancel} type="button" className="vf-button vf-button--ghost" onClick={onDone}>
        {t('base.editor.cancel')}
      </button>
      <Button variant="primary" busy={state.isLoading} onClick={() => void confirm()}>
        {t('conversations.action.remove')}
      </Button>
    </div>
  );
}
