/**
 * <vf-page-follow>: Follow / Following for the current page (content.md §4 "Page subscribe":
 * the call, then subscribed). A guest is asked to log in and the page is followed once they
 * have. `data-path` / `data-url` name the page (pageTarget.ts): both at once is an error shown
 * in place and logged, and nothing is sent.
 */
import { useEffect } from 'react';
import { subscriptionsApi, usePageSubscriptionQuery } from '../../core/api/subscriptions.ts';
import { selectStoredPage } from '../../core/page/slice.ts';
import { isLoggedInUser, selectCurrentUser, selectPage, selectSectionUuid, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { FollowFailed, FollowLoadError, FollowLoading, FollowOffline, FollowToggle, useFollowAction } from '../ui/FollowToggle.tsx';
import { useHost, useHostEvent } from '../ui/hostEvents.ts';
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { ViewerProvider } from '../ui/usePermission.ts';
import { useT } from '../ui/useIntl.ts';
import { CONFLICT_MESSAGE, pageTarget, type PageTarget } from './pageTarget.ts';

export interface PageFollowProps {
  /** `data-path`: the page's path; equal to the current path, it is the current page. */
  dataPath?: string;
  /** `data-url`: the page's address; equal to the current address, it is the current page. */
  dataUrl?: string;
}

export interface PageFollowDetail {
  pageUuid: string;
}

const warned = new WeakMap<object, PageTarget>();

function Page({ sectionUuid, pageUuid }: { sectionUuid: string; pageUuid: string }) {
  const t = useT();
  const emit = useHostEvent();
  const user = useAppSelector(selectCurrentUser);
  const userUuid = isLoggedInUser(user) ? user.uuid : null;
  const args = { sectionUuid, pageUuid, userUuid: userUuid ?? '' };
  // A guest follows nothing: no request.
  const state = usePageSubscriptionQuery(args, { skip: !userUuid });
  const { busy, failed, act } = useFollowAction();

  if (userUuid && state.isError) return <FollowLoadError onRetry={() => void state.refetch()} />;
  if (userUuid && !state.currentData) return <FollowLoading />;
  const following = !!state.currentData?.subscribed;
  const toggle = () =>
    act(
      'page.follow',
      () => subscriptionsApi.endpoints.setPageSubscription.initiate({ sectionUuid, pageUuid, subscribed: !following }),
      () => emit<PageFollowDetail>(following ? 'vf-page-unfollowed' : 'vf-page-followed', { pageUuid }),
    );
  return (
    <div className="vf-follow" part="base">
      <FollowToggle pressed={following} label={t(following ? 'base.follow.page.following' : 'base.follow.page.follow')} busy={busy} onToggle={toggle} />
      {failed && <FollowFailed />}
      <FollowOffline />
    </div>
  );
}

export function PageFollow({ dataPath, dataUrl }: PageFollowProps) {
  const t = useT();
  const host = useHost();
  const status = useAppSelector(selectSessionStatus);
  const sectionUuid = useAppSelector(selectSectionUuid);
  const identity = useAppSelector(selectPage);
  const stored = useAppSelector(selectStoredPage);
  const target = pageTarget(dataPath, dataUrl, location.href, identity?.url);
  useEffect(() => {
    if (target === 'current' || !host || warned.get(host) === target) return;
    warned.set(host, target);
    if (target === 'conflict') console.error(`vf-page-follow: ${CONFLICT_MESSAGE}`, host);
    else console.warn('vf-page-follow: only the current page can be followed; nothing is shown', host);
  }, [target, host]);

  if (target === 'conflict') {
    return (
      <p className="vf-follow__notice vf-error" part="error" role="alert">
        {t('base.follow.page.conflict')}
      </p>
    );
  }
  if (target === 'other') return null;
  if (status !== 'ready' || !sectionUuid || !stored) return <FollowLoading />;
  return (
    <ViewerProvider>
      <LoginPromptProvider>
        <Page sectionUuid={sectionUuid} pageUuid={stored.id} />
      </LoginPromptProvider>
    </ViewerProvider>
  );
}
