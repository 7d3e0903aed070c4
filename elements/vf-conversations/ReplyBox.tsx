import type { Comment } from '../../core/api/types.ts';
import { Editor } from '../ui/Editor.tsx';
import { useT } from '../ui/useIntl.ts';
import { usePostComment } from './usePostComment.ts';

export interface ReplyBoxProps {
  sectionUuid: string;
  containerUuid: string;
  parent: Comment;
  onDone(): void;
}

/** The inline editor under a comment; closes once the reply is posted. */
export function ReplyBox({ sectionUuid, containerUuid, parent, onDone }: ReplyBoxProps) {
  const t = useT();
  const { post, busy, error } = usePostComment(sectionUuid, containerUuid, parent.content_uuid);
  return (
    <div className="vf-reply-box">
      <Editor
        part="reply-editor"
        draftKey={`${containerUuid}:${parent.content_uuid}`}
        label={t('conversations.reply.label', { name: parent.actor.name })}
        hideLabel
        placeholder={t('conversations.reply.placeholder')}
        submitLabel={t('conversations.reply.submit')}
        autoFocus
        busy={busy}
        error={error}
        onCancel={onDone}
        onSubmit={async (text) => {
          const ok = await post(text);
          if (ok) onDone();
          return ok;
        }}
      />
    </div>
  );
}
