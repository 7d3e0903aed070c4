/**
 * What <vf-topic-follow> and <vf-page-follow> share: the Follow / Following toggle button
 * (aria-pressed), its states (loading, load error with Retry, offline, a failed change) and
 * `useFollowAction`, which runs a change for a signed-in reader and asks a guest to log in
 * first (the attempt runs once they have; content.md §6 "Unallowed actions publish an
 * authentication-needed event").
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useState } from 'react';
import { selectIsOnline } from '../../core/network/slice.ts';
import type { RootState } from '../../core/store/index.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from './Button.tsx';
import { Skeleton } from './Skeleton.tsx';
import { useAttemptAfterLogin } from './useGuestGate.ts';
import { useT } from './useIntl.ts';
import { useRunMutation } from './useRunMutation.ts';
import { OfflineNotice } from './OfflineNotice.tsx';

export interface FollowToggleProps {
  pressed: boolean;
  /** The visible text: "Follow" or "Following". */
  label: string;
  /** What is followed, read after the label by screen readers ("Follow Politics"). */
  name?: string;
  busy: boolean;
  onToggle(): void;
}

export function FollowToggle({ pressed, label, name, busy, onToggle }: FollowToggleProps) {
  const online = useAppSelector(selectIsOnline);
  return (
    <Button
      variant={pressed ? 'secondary' : 'primary'}
      className="vf-follow__toggle"
      part="button"
      aria-pressed={pressed}
      busy={busy}
      disabled={!online}
      onClick={onToggle}
    >
      {label}
      {name ? <span className="vf-visually-hidden"> {name}</span> : null}
    </Button>
  );
}

export function FollowLoading() {
  const t = useT();
  return <Skeleton lines={1} label={t('base.follow.loading')} />;
}

export function FollowLoadError({ onRetry }: { onRetry(): void }) {
  const t = useT();
  return (
    <div className="vf-follow__error" part="error" role="alert">
      <span>{t('base.follow.loadFailed')}</span>
      <Button onClick={onRetry}>{t('base.follow.retry')}</Button>
    </div>
  );
}

/** The offline notice (nothing while online): changes wait for the connection. */
export function FollowOffline() {
  const t = useT();
  return <OfflineNotice className="vf-follow__notice" text={t('base.follow.offline')} />;
}

type MutationStart = ThunkAction<{ unwrap(): Promise<unknown>; reset(): void }, RootState, unknown, UnknownAction>;

/**
 * `act(action, start)`: a signed-in reader's change runs at once; a guest is asked to log in
 * for `action` (`topic.follow`, `page.follow`) and the change runs after the login. `failed`
 * shows until the next attempt; `after` runs on success (the host event).
 */
export function useFollowAction() {
  const attempt = useAttemptAfterLogin();
  const [busy, run] = useRunMutation();
  const [failed, setFailed] = useState(false);
  const act = (action: string, start: () => MutationStart, after?: () => void) =>
    attempt(action, () => {
      setFailed(false);
      run(start()).then(
        () => after?.(),
        () => setFailed(true),
      );
    });
  return { busy, failed, act };
}

export function FollowFailed() {
  const t = useT();
  return (
    <p className="vf-follow__notice vf-error" part="failed" role="alert">
      {t('base.follow.failed')}
    </p>
  );
}
