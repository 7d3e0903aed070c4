/**
 * Editing a comment in place, with the same editor as posting: it opens with the comment's
 * text (or the reader's unsent edit draft, so nothing typed is lost), Save sends the edit and
 * closes it, Cancel or Escape closes it unchanged.
 */
import { useState } from 'react';
import { useEditCommentMutation } from '../../core/api/commentActions.ts';
import type { Comment } from '../../core/api/types.ts';
import { readDraft, writeDraft } from '../ui/draft.ts';
import { Editor } from '../ui/Editor.tsx';
import { useT } from '../ui/useIntl.ts';

export interface EditFormProps {
  comment: Comment;
  sectionUuid: string;
  onDone(): void;
}

export function EditForm({ comment, sectionUuid, onDone }: EditFormProps) {
  const t = useT();
  const draftKey = `edit:${comment.content_uuid}`;
  // Seed the editor with the current text unless an unsent edit is waiting (before its first render).
  useState(() => {
    if (!readDraft(draftKey)) writeDraft(draftKey, comment.content);
  });
  const [edit, state] = useEditCommentMutation();
  const [error, setError] = useState<string | null>(null);

  const cancel = () => {
    writeDraft(draftKey, '');
    onDone();
  };

  return (
    <div className="vf-edit-form">
      <Editor
        part="edit-editor"
        draftKey={draftKey}
        label={t('conversations.edit.label')}
        hideLabel
        submitLabel={t('conversations.edit.submit')}
        autoFocus
        busy={state.isLoading}
        error={error}
        onCancel={cancel}
        onSubmit={async (text) => {
          setError(null);
          try {
            await edit({ sectionUuid, containerUuid: comment.content_container_uuid, contentUuid: comment.content_uuid, content: text }).unwrap();
            writeDraft(draftKey, '');
            onDone();
            return true;
          } catch {
            setError(t('conversations.error.edit'));
            return false;
          }
        }}
      />
    </div>
  );
}
