import type { Comment } from '../../core/api/types.ts';
import { useT } from '../ui/useIntl.ts';

/** Under the author's own comment while premoderation holds it (others never receive it). */
export function HeldNotice({ comment }: { comment: Comment }) {
  const t = useT();
  if (comment.state !== 'awaiting_moderation') return null;
  return (
    <p className="vf-held" part="held-notice">
      {t('conversations.awaitingModeration')}
    </p>
  );
}
