/** The compose box at the top of the conversation ("Join the conversation"). */
import { Editor } from '../ui/Editor.tsx';
import { useT } from '../ui/useIntl.ts';
import { useGuestGate } from './useGuestGate.ts';
import { usePermission } from './usePermission.ts';
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
  // What the rules say about trying to comment here (guests may try: they are asked to log in).
  const ruling = usePermission('comment', 'attempt_to_create', { is_closed: !!closed });

  // enable_commenting off: no compose box at all.
  if (ruling.reason === 'setting_disabled') return null;
  if (ruling.reason === 'banned' || ruling.reason === 'muted') {
    return (
      <p className="vf-state" part="compose-refused">
        {t(ruling.reason === 'banned' ? 'base.error.banned_from_posting' : 'conversations.compose.muted')}
      </p>
    );
  }
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
