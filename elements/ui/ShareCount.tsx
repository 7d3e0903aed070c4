/**
 * A page's share count, as <vf-share-total> and a share bar with `show-total` show it: compact
 * ("1.2K shares"), in a polite live region so a new share is announced; a skeleton while it
 * loads, an alert with Retry when it failed, an offline note. A count of 0 shows nothing
 * unless `showZero` (the span stays, as the `empty` part, so the live region is there).
 */
import { useShareTotalsQuery } from '../../core/api/shares.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { selectStoredPage } from '../../core/page/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from './Button.tsx';
import { Skeleton } from './Skeleton.tsx';
import { useIntl, useT } from './useIntl.ts';

/** The page whose shares count: `pageUuid` when given, else the current page once stored (null until then). */
export function useSharedPageUuid(pageUuid?: string): string | null {
  const stored = useAppSelector(selectStoredPage);
  return pageUuid?.trim() || stored?.id || null;
}

/** The page's totals; no request while `pageUuid` is null. */
export const useShareTotals = (pageUuid: string | null) => useShareTotalsQuery(pageUuid ?? '', { skip: !pageUuid });

export function ShareCount({ pageUuid, showZero }: { pageUuid: string | null; showZero: boolean }) {
  const t = useT();
  const intl = useIntl();
  const online = useAppSelector(selectIsOnline);
  const state = useShareTotals(pageUuid);
  const offline = online ? null : (
    <span className="vf-share-count__note" part="offline" role="status">
      {t('base.share.countOffline')}
    </span>
  );
  if (!state.currentData) {
    if (state.isError) {
      return (
        <span className="vf-share-count__error" part="error" role="alert">
          <span>{t('base.share.loadFailed')}</span>
          <Button onClick={() => void state.refetch()}>{t('base.share.retry')}</Button>
        </span>
      );
    }
    return offline ?? <Skeleton lines={1} label={t('base.share.loading')} />;
  }
  const { total } = state.currentData;
  const shown = total > 0 || showZero;
  return (
    <>
      <span className="vf-share-count" part={shown ? 'total' : 'empty'} aria-live="polite">
        {shown ? t('base.share.total', { count: total, formatted: intl.formatNumber(total, { notation: 'compact' }) }) : null}
      </span>
      {offline}
    </>
  );
}
