/** The inline editor under a comment or post for a reply: focused when it opens, Escape cancels. */
import type { Comment } from '../../core/api/types.ts';
import { Editor } from './Editor.tsx';
import { useT } from './useIntl.ts';

export interface ReplyEditorProps {
  parent: Comment;
  /** Sends the reply; true when accepted (the draft is cleared and the editor closes). */
  post(text: string): Promise<boolean>;
  busy: boolean;
  error: string | null;
  onDone(): void;
}

export function ReplyEditor({ parent, post, busy, error, onDone }: ReplyEditorProps) {
  const t = useT();
  return (
    <div className="vf-reply-box">
      <Editor
        part="reply-editor"
        draftKey={`${parent.content_container_uuid}:${parent.content_uuid}`}
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
