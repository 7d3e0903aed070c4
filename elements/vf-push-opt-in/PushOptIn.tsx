/**
 * <vf-push-opt-in>: turns browser push on or off for the signed-in reader (content.md §4 "Push",
 * core/push/machine.ts). Nothing shows when the site has push off; a note when this browser
 * cannot do push (no support, not a secure page) or has blocked notifications; a guest is asked
 * to log in. Subscribing registers the worker (2000 ms to start), asks the browser for a
 * subscription and sends it to the server; unsubscribing undoes both. A failure says which step
 * failed, with Try again.
 */
import { useEffect, useId, useReducer } from 'react';
import { pushApi, usePushSettingQuery } from '../../core/api/push.ts';
import { publish } from '../../core/global-api/bus.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { pushBrowser, readyWorker, SERVICE_WORKER_URL, subscribeBrowser, subscriptionBody, unsubscribeBrowser, WORKER_TIMEOUT_MESSAGE } from '../../core/push/browser.ts';
import { initialPushState, pushReducer, type PushFailure, type PushIntent } from '../../core/push/machine.ts';
import { isLoggedInUser, selectCurrentUser, selectPage, selectSectionUuid, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppDispatch, useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { useLoginNeeded } from '../ui/useGuestGate.ts';
import { useT } from '../ui/useIntl.ts';
import { useSiteSettings, ViewerProvider } from '../ui/usePermission.ts';

export interface PushOptInProps {
  /** `worker-url`: where the site serves vf's service worker; default `/vf_sw.js`. */
  workerUrl?: string;
}

/** A step's failure, with the spec's text for it (content.md §8). */
class StepError extends Error {
  constructor(readonly failure: PushFailure) {
    super(failure);
  }
}

function Note({ part, text, role }: { part: string; text: string; role?: 'status' | 'alert' }) {
  return (
    <p className={`vf-push__note vf-push__${part}`} part={part} role={role}>
      {text}
    </p>
  );
}

function Reader({ section, user, workerUrl }: { section: string; user: string; workerUrl: string }) {
  const t = useT();
  const dispatchStore = useAppDispatch();
  const online = useAppSelector(selectIsOnline);
  const page = useAppSelector(selectPage);
  const browser = pushBrowser();
  const [state, dispatch] = useReducer(pushReducer, browser.permission(), initialPushState);
  const setting = usePushSettingQuery({ section, user });
  const headingId = useId();

  // A cached answer being refetched (after a subscribe elsewhere on the page) is not trusted until fresh.
  const stored = setting.isFetching ? undefined : setting.currentData?.is_user_notification_on;
  useEffect(() => {
    if (stored !== undefined) dispatch({ type: 'settingLoaded', on: stored });
  }, [stored]);

  const change = async (intent: PushIntent) => {
    dispatch({ type: 'started', intent });
    try {
      const registration = await readyWorker(workerUrl);
      if (intent === 'subscribe') {
        const key = await dispatchStore(pushApi.endpoints.pushKey.initiate(section)).unwrap().catch(() => Promise.reject(new StepError('subscribe')));
        const subscription = await subscribeBrowser(registration, key.public_key);
        dispatch({ type: 'permissionChanged', permission: browser.permission() });
        const body = subscriptionBody(subscription, { uniqueId: page?.unique_id ?? undefined, url: location.href });
        await dispatchStore(pushApi.endpoints.subscribePush.initiate({ section, body })).unwrap().catch(() => Promise.reject(new StepError('subscribe')));
      } else {
        const id = await unsubscribeBrowser(registration);
        const removed = id
          ? dispatchStore(pushApi.endpoints.unsubscribePush.initiate({ section, subscription_id: id })).unwrap()
          : dispatchStore(pushApi.endpoints.setPushSetting.initiate({ section, on: false })).unwrap();
        await removed.catch(() => Promise.reject(new StepError('unsubscribe')));
      }
      dispatch({ type: 'succeeded' });
    } catch (error) {
      const err = error as Error;
      // content.md §8: a NotAllowedError updates the permission state; other errors are published.
      if (err.name === 'NotAllowedError') dispatch({ type: 'permissionChanged', permission: 'denied' });
      else publish('push', 'subscribe_error', { message: err.message });
      const failure = err instanceof StepError ? err.failure : err.message === WORKER_TIMEOUT_MESSAGE ? 'timeout' : 'unknown';
      dispatch({ type: 'failed', failure });
    }
  };

  const body = () => {
    if (!online) return <Note part="offline" role="status" text={t('base.push.offline')} />;
    if (setting.isError && state.status === 'ready') {
      return (
        <div className="vf-push__row" part="error" role="alert">
          <span>{t('base.push.error.load')}</span>
          <Button onClick={() => void setting.refetch()}>{t('base.push.retry')}</Button>
        </div>
      );
    }
    if (state.status === 'ready') return <Note part="loading" role="status" text={t('base.push.loading')} />;
    if (state.permission === 'denied' && state.status !== 'subscribed') return <Note part="denied" text={t('base.push.denied')} />;
    if (state.status === 'failed') {
      return (
        <div className="vf-push__row" part="error" role="alert">
          <span>{t(`base.push.error.${state.failure ?? 'unknown'}`)}</span>
          <Button onClick={() => void change(state.intent ?? 'subscribe')}>{t('base.push.retry')}</Button>
        </div>
      );
    }
    const on = state.status === 'subscribed' || (state.status === 'processing' && state.intent === 'unsubscribe');
    const busy = state.status === 'processing';
    return (
      <div className="vf-push__row">
        <span part="state">{busy ? t('base.push.processing') : t(on ? 'base.push.on' : 'base.push.off')}</span>
        <Button part="toggle" busy={busy} onClick={() => void change(on ? 'unsubscribe' : 'subscribe')}>
          {t(on ? 'base.push.unsubscribe' : 'base.push.subscribe')}
        </Button>
      </div>
    );
  };

  return (
    <div className="vf-push" part="base" role="group" aria-labelledby={headingId} data-vf-push-state={state.status}>
      <p id={headingId} className="vf-push__heading" part="heading">
        {t('base.push.heading')}
      </p>
      {body()}
    </div>
  );
}

function Guest() {
  const t = useT();
  const needed = useLoginNeeded();
  return (
    <div className="vf-push vf-push__row" part="base">
      <span>{t('base.push.guest')}</span>
      <Button part="login" onClick={() => needed('push.subscribe')}>
        {t('base.push.login')}
      </Button>
    </div>
  );
}

function Gate({ workerUrl }: { workerUrl: string }) {
  const t = useT();
  const settings = useSiteSettings();
  const status = useAppSelector(selectSessionStatus);
  const section = useAppSelector(selectSectionUuid);
  const user = useAppSelector(selectCurrentUser);
  const browser = pushBrowser();
  if (status !== 'ready' || !section) return <Note part="loading" role="status" text={t('base.push.loading')} />;
  if (!settings.enable_push_notifications) return null;
  if (!browser.supported()) return <Note part="unsupported" text={t('base.push.unsupported')} />;
  if (!browser.secure()) return <Note part="unsupported" text={t('base.push.insecure')} />;
  if (!isLoggedInUser(user)) return <Guest />;
  // keyed by user: a login starts the machine again at ready and asks for the setting again.
  return <Reader key={user.uuid} section={section} user={user.uuid} workerUrl={workerUrl} />;
}

export function PushOptIn({ workerUrl }: PushOptInProps) {
  return (
    <ViewerProvider>
      <LoginPromptProvider>
        <Gate workerUrl={workerUrl || SERVICE_WORKER_URL} />
      </LoginPromptProvider>
    </ViewerProvider>
  );
}
