/**
 * The item a notice or a statement is about, in place: its kind (or the profile's name or
 * picture), its state now, its author, the page it is on (linking there) and what it said (the
 * excerpt the server kept; "no longer available" once erased). Shared by the Notices and Appeals tabs.
 */
import type { LegalItem, NoticeTargetType } from '../../../core/legal/types.ts';
import { QUEUE_KINDS } from '../../../core/moderation/types.ts';
import { CommentText, safeHref } from '../../ui/CommentText.tsx';
import { useT } from '../../ui/useIntl.ts';
import { knownState } from '../ItemDetails.tsx';

const K = 'page_settings.moderationQueue';

export function LegalItemView({ item, target = 'content' }: { item: LegalItem; target?: NoticeTargetType }) {
  const t = useT();
  const kind =
    target !== 'content' ? t(`${K}.notices.target.${target}`)
      : (QUEUE_KINDS as readonly string[]).includes(item.kind) ? t(`${K}.kind.${item.kind}`)
        : item.kind === 'profile' ? t(`${K}.notices.target.profile_name`) : item.kind;
  const href = item.page_url ? safeHref(item.page_url) : null;
  return (
    <div className="vf-mq__legal-item" part="legal-item">
      <p className="vf-mq__meta">
        <span className="vf-badge" part="kind">{kind}</span>{' '}
        {item.state ? <><span className="vf-badge" part="state">{t(`${K}.state.${knownState(item.state)}`, { state: item.state })}</span>{' '}</> : null}
        {item.author_name ? <>{t(`${K}.notices.by`, { name: item.author_name })}{' '}</> : null}
        {href ? <>· <a href={href} part="page-link">{item.page_title ?? item.page_url}</a></> : item.page_title ? `· ${item.page_title}` : null}
      </p>
      {item.excerpt !== null ? (
        <blockquote className="vf-mq__excerpt" part="excerpt">
          <CommentText text={item.excerpt} />
        </blockquote>
      ) : (
        <p className="vf-mq__excerpt vf-mq__gone" part="excerpt">{t(`${K}.notices.erased`)}</p>
      )}
    </div>
  );
}
