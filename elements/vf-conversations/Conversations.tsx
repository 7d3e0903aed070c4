/**
 * <vf-conversations>: the comments of one content container. Resolves the container id
 * (attribute, else the page's container id, else the page url), turns the attributes into
 * valid settings, waits for the session, then hands over to ConversationsPanel.
 */
import { useMemo } from 'react';
import { selectSettings } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { ViewerProvider } from '../ui/usePermission.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { ConversationsPanel } from './ConversationsPanel.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { settingsFor } from './firstPage.ts';
import { useElementContainer } from '../ui/useElementContainer.ts';

export interface ConversationsProps {
  /** `vf-container-id`: the container's public id. */
  vfContainerId?: string;
  /** `limit`: top-level comments on the first page, 1–100 (10). */
  limit?: number;
  /** `reply-limit`: replies shown under each thread, 0–100 (2). */
  replyLimit?: number;
  /** `pagination-limit`: comments per "Load more comments", 1–100 (10). */
  paginationLimit?: number;
  /** `pagination-reply-limit`: replies per "Load more replies", 1–100 (10). */
  paginationReplyLimit?: number;
  /** `sort`: newest | oldest | num_likes_desc | num_replies_desc | featured (newest). */
  sort?: string;
  /** `featured-tab-active-threshold`: picks needed before the Editor's picks tab shows, 0–100 (3). */
  featuredTabActiveThreshold?: number;
  /** `first-promo-position`, `promo-interval`: where the `promo-N` slots go (docs/elements.md). */
  firstPromoPosition?: number;
  promoInterval?: number;
  /** `reply-interval`: replies between promo slots inside a thread (docs/ads.md). */
  replyInterval?: number;
  /** `region-label`: the region's accessible name (default "Comments"). */
  regionLabel?: string;
  /** `loading-text`: what the loading placeholder announces (default "Loading comments…"). */
  loadingText?: string;
  /** `deeplink`: a comment uuid to show, scroll to and highlight (as `?deeplink=` does). */
  deeplink?: string;
}

export function Conversations(props: ConversationsProps) {
  const { vfContainerId, regionLabel, loadingText } = props;
  const t = useT();
  const { status, sectionUuid, page, containerId, retry } = useElementContainer(vfContainerId);
  const { limit, replyLimit, paginationLimit, paginationReplyLimit, sort, featuredTabActiveThreshold } = props;
  const { firstPromoPosition, promoInterval, replyInterval, deeplink } = props;
  const site = useAppSelector(selectSettings);
  const settings = useMemo(
    () =>
      settingsFor(
        {
          limit, replyLimit, paginationLimit, paginationReplyLimit, sort, featuredTabActiveThreshold, deeplink,
          // The attributes win; else the site's promo settings (docs/ads.md); else the defaults.
          firstPromoPosition: firstPromoPosition ?? site?.first_promo_position_conversations,
          promoInterval: promoInterval ?? site?.promo_interval_conversations,
          replyInterval: replyInterval ?? site?.promo_interval_replies_conversations,
        },
        page?.deeplink_uuid,
      ),
    [limit, replyLimit, paginationLimit, paginationReplyLimit, sort, featuredTabActiveThreshold,
      firstPromoPosition, promoInterval, replyInterval, deeplink, page?.deeplink_uuid, site],
  );
  const loading = loadingText?.trim() || t('conversations.loading');

  let body;
  if (status === 'failed') {
    body = <ErrorState message={t('conversations.error.session')} onRetry={retry} />;
  } else if (status !== 'ready' || !sectionUuid) {
    body = <Skeleton label={loading} />;
  } else {
    body = <ConversationsPanel sectionUuid={sectionUuid} containerId={containerId} settings={settings} loadingText={loading} />;
  }

  return (
    <ViewerProvider>
      <LoginPromptProvider>
        <section className="vf-conversations" part="base" aria-label={regionLabel?.trim() || t('conversations.region')}>
          {body}
        </section>
      </LoginPromptProvider>
    </ViewerProvider>
  );
}
