import type { Comment } from '../../core/api/types.ts';
import type { HoldReason } from '../../core/moderation/types.ts';
import { useT } from '../ui/useIntl.ts';

/** The values a reason's message names (the word that matched, the link that held it). */
const valuesOf = (reason: HoldReason) => ({ word: reason.word ?? '', link: reason.link ?? '' });

/**
 * Under the author's own comment while it waits for a moderator, or after automatic moderation
 * rejected it (others never receive either), with why when the server says (`moderation_reason`).
 */
export function HeldNotice({ comment }: { comment: Comment }) {
  const t = useT();
  const reason = comment.moderation_reason;
  const rejected = comment.state === 'disabled' && reason !== undefined;
  if (comment.state !== 'awaiting_moderation' && !rejected) return null;
  return (
    <>
      <p className="vf-held" part="held-notice">
        {t(rejected ? 'conversations.autoRejected' : 'conversations.awaitingModeration')}
      </p>
      {reason ? (
        <p className="vf-held vf-held__why" part="held-reason" data-rule={reason.rule}>
          {t(`conversations.holdReason.${reason.rule}`, valuesOf(reason))}
        </p>
      ) : null}
    </>
  );
}
