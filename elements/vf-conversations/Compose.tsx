/** The compose box at the top of the conversation ("Join the conversation"). */
import { Editor } from '../ui/Editor.tsx';
import { useT } from '../ui/useIntl.ts';
import { useGuestGate } from './useGuestGate.ts';
import { usePostComment } from './usePostComment.ts';

export interface ComposeProps {
  sectionUuid: string;
  containerUuid: string;
  /** The container no longer takes comments. */
  closed?: boolean;
}

export function Compose({ sectionUuid, containerUuid, closed }: ComposeProps) {
  const t = useT();
  const guest = useGuestGate();
  const { post, busy, error } = usePostComment(sectionUuid, containerUuid);

  if (closed) {
    return (
      <p className="vf-state" part="closed">
        {t('conversations.closed')}
      </p>
    );
  }

  return (
    <div className="vf-compose" part="compose">
      <Editor
        draftKey={containerUuid}
        label={t('conversations.compose.label')}
        hideLabel
        placeholder={t('conversations.compose.placeholder')}
        submitLabel={t('conversations.compose.submit')}
        onSubmit={post}
        busy={busy}
        error={error}
        onFocus={guest.onFocus}
        onClick={guest.onClick}
      />
    </div>
  );
}
