/**
 * "Live updates are paused — Retry": shown while the container's realtime subscription is in
 * error (the socket's reconnect attempts ran out, or the server refused the subscription) or the
 * page knows it missed events (a failed catch-up, being retried). Retry reconnects at once with
 * fresh attempts and retries a failed catch-up at once; missed events are then caught up.
 */
import { useAppDispatch } from '../../core/store/hooks.ts';
import { retryRequested } from '../../core/realtime/slice.ts';
import { Button } from './Button.tsx';
import { useT } from './useIntl.ts';

export function LivePaused() {
  const t = useT();
  const dispatch = useAppDispatch();
  return (
    <div className="vf-live-paused" part="live-paused" role="status">
      <span>{t('conversations.live.paused')}</span>
      <Button onClick={() => dispatch(retryRequested())}>{t('conversations.retry')}</Button>
    </div>
  );
}
