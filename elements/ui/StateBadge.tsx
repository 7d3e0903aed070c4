/**
 * Small badges for a comment's restrictions (content.md §3 "Restriction reasons"), for
 * moderators: one per reason the server sends; a state without a reason (hidden) still gets its
 * label. An author's own held comment says so in the element (vf-conversations/HeldNotice.tsx).
 */
import type { Comment, RestrictionReason } from '../../core/api/types.ts';
import { useT } from './useIntl.ts';
import { usePermission } from './usePermission.ts';

const STATE_REASON: Partial<Record<Comment['state'], RestrictionReason>> = {
  awaiting_moderation: 'content_awaiting_moderation',
  spam: 'content_marked_as_spam',
  disabled: 'content_disabled',
};

export function StateBadges({ comment }: { comment: Comment }) {
  const t = useT();
  const moderator = usePermission('comment', 'moderate').allowed;
  const reasons: string[] = (comment.state_reasons ?? []).filter((r) => r !== 'content_deleted');
  const fallback = STATE_REASON[comment.state];
  if (fallback && !reasons.includes(fallback)) reasons.unshift(fallback);
  const labels = reasons.map((r) => ({ key: r, text: t(`conversations.reason.${r}`) }));
  if (comment.state === 'hidden') labels.unshift({ key: 'hidden', text: t('conversations.state.hidden') });
  if (!moderator || labels.length === 0) return null;
  return (
    <span className="vf-badges">
      {labels.map((label) => (
        <span key={label.key} className="vf-badge" part="badge" data-reason={label.key}>
          {label.text}
        </span>
      ))}
    </span>
  );
}
