/**
 * <vf-conversations>: the comments of one content container. Resolves the container id
 * (attribute, else the page's container id, else the page url), waits for the session, then
 * hands over to ConversationsPanel.
 */
import { useAppSelector } from '../../core/store/hooks.ts';
import { selectPage, selectSectionUuid, selectSessionStatus } from '../../core/session/slice.ts';
import { clampSetting, COMMENT_LIMIT, REPLY_LIMIT, sortOrder } from '../../core/settings/clamp.ts';
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { ConversationsPanel } from './ConversationsPanel.tsx';
import { ErrorState } from './ErrorState.tsx';
import { useRetryBootstrap } from './useRetryBootstrap.ts';

export interface ConversationsProps {
  /** `vf-container-id`: the container's public id. */
  vfContainerId?: string;
  /** `limit`: top-level comments per page, 1–100 (10). */
  limit?: number;
  /** `reply-limit`: replies shown under each thread, 0–100 (2). */
  replyLimit?: number;
  /** `sort`: newest | oldest | num_likes_desc | num_replies_desc (newest). */
  sort?: string;
}

export function Conversations({ vfContainerId, limit, replyLimit, sort }: ConversationsProps) {
  const t = useT();
  const status = useAppSelector(selectSessionStatus);
  const sectionUuid = useAppSelector(selectSectionUuid);
  const page = useAppSelector(selectPage);
  const retry = useRetryBootstrap();
  const containerId = vfContainerId?.trim() || page?.container_id || page?.url || location.href;

  let body;
  if (status === 'failed') {
    body = <ErrorState message={t('conversations.error.session')} onRetry={retry} />;
  } else if (status !== 'ready' || !sectionUuid) {
    body = <Skeleton label={t('conversations.loading')} />;
  } else {
    body = (
      <ConversationsPanel
        sectionUuid={sectionUuid}
        containerId={containerId}
        limit={clampSetting(limit, COMMENT_LIMIT)}
        replyLimit={clampSetting(replyLimit, REPLY_LIMIT)}
        sortedBy={sortOrder(sort)}
      />
    );
  }

  return (
    <LoginPromptProvider>
      <section className="vf-conversations" part="base" aria-label={t('conversations.region')}>
        {body}
      </section>
    </LoginPromptProvider>
  );
}
