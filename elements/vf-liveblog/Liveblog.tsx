/**
 * <vf-liveblog>: a live blog. Resolves the container id (attribute, else the page's container
 * id, else the page url), clamps the page size, waits for the session, then hands over to
 * LiveblogPanel. The region is labelled; the login dialog opens from anywhere inside.
 */
import { ErrorState } from '../ui/ErrorState.tsx';
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { ViewerProvider } from '../ui/usePermission.ts';
import { useElementContainer } from '../ui/useElementContainer.ts';
import { LiveblogPanel } from './LiveblogPanel.tsx';
import { postsPerPage } from './firstPage.ts';

export interface LiveblogProps {
  /** `vf-container-id`: the live blog's public id. */
  vfContainerId?: string;
  /** `limit`: posts per page, 1–100 (10). */
  limit?: number;
  /** `region-label`: the region's accessible name (default "Live blog"). */
  regionLabel?: string;
}

export function Liveblog({ vfContainerId, limit, regionLabel }: LiveblogProps) {
  const t = useT();
  const { status, sectionUuid, containerId, retry } = useElementContainer(vfContainerId);
  const loading = t('conversations.liveblog.loading');

  let body;
  if (status === 'failed') body = <ErrorState message={t('conversations.liveblog.error.load')} onRetry={retry} />;
  else if (status !== 'ready' || !sectionUuid) body = <Skeleton label={loading} />;
  else body = <LiveblogPanel sectionUuid={sectionUuid} containerId={containerId} limit={postsPerPage(limit)} loadingText={loading} />;

  return (
    <ViewerProvider>
      <LoginPromptProvider>
        <section className="vf-liveblog" part="base" aria-label={regionLabel?.trim() || t('conversations.liveblog.region')}>
          {body}
        </section>
      </LoginPromptProvider>
    </ViewerProvider>
  );
}
