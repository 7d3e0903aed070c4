/**
 * <vf-livechat>: a live chat. Resolves the container id (attribute, else the page's container id,
 * else the page url), clamps the page size, waits for the session and for the loader's fetch
 * delay (content.md §2: loads lazily once in view, fetches 10 s later), then hands over to
 * ChatPanel. The region is labelled; the login dialog opens from anywhere inside.
 */
import { useState } from 'react';
import { ErrorState } from '../ui/ErrorState.tsx';
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useElementContainer } from '../ui/useElementContainer.ts';
import { useFetchReady } from '../ui/useFetchReady.ts';
import { useT } from '../ui/useIntl.ts';
import { ViewerProvider } from '../ui/usePermission.ts';
import { FIRST_PAINT_ATTR } from '../ui/firstPaint.ts';
import { useHost } from '../ui/hostEvents.ts';
import { ChatPanel } from './ChatPanel.tsx';
import { messagesPerPage } from './firstPage.ts';

export interface LivechatProps {
  /** `vf-container-id`: the chat's public id. */
  vfContainerId?: string;
  /** `limit`: messages in the first read and in each history page, 1–100 (30). */
  limit?: number;
  /** `region-label`: the region's accessible name (default "Live chat"). */
  regionLabel?: string;
}

export function Livechat({ vfContainerId, limit, regionLabel }: LivechatProps) {
  const t = useT();
  const { status, sectionUuid, containerId, retry } = useElementContainer(vfContainerId);
  // Markup the server painted shows the messages already: taking it over waits for no fetch delay.
  const host = useHost();
  const [painted] = useState(() => !!host?.hasAttribute(FIRST_PAINT_ATTR));
  const fetchReady = useFetchReady() || painted;
  const loading = t('conversations.chat.loading');

  let body;
  if (status === 'failed') body = <ErrorState message={t('conversations.chat.error.load')} onRetry={retry} />;
  else if (status !== 'ready' || !sectionUuid || !fetchReady) body = <Skeleton label={loading} />;
  else body = <ChatPanel sectionUuid={sectionUuid} containerId={containerId} limit={messagesPerPage(limit)} loadingText={loading} />;

  return (
    <ViewerProvider>
      <LoginPromptProvider>
        <section className="vf-livechat" part="base" aria-label={regionLabel?.trim() || t('conversations.chat.region')}>
          {body}
        </section>
      </LoginPromptProvider>
    </ViewerProvider>
  );
}
