/**
 * <vf-share-total>: a page's share count (docs/elements.md "<vf-share-total>"), the current
 * page's unless `page-uuid` names another. It follows the shares recorded on this page at once
 * (core/api/shares.ts); the host's `data-vf-state` says loading, ready, empty or error.
 */
import { selectPage } from '../../core/page/slice.ts';
import { httpAddress } from '../../core/share/links.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { ShareCount, useSharedPageUuid, useShareTotals } from '../ui/ShareCount.tsx';
import { useHostState, type HostState } from '../ui/useHostState.ts';

export interface ShareTotalProps {
  /** `page-uuid`: another page's count (its stored uuid). */
  pageUuid?: string;
  /** `show-zero`: show "0 shares" rather than nothing. */
  showZero?: boolean;
}

export function ShareTotal({ pageUuid, showZero = false }: ShareTotalProps) {
  const identity = useAppSelector(selectPage);
  const uuid = useSharedPageUuid(pageUuid);
  const state = useShareTotals(uuid);
  // Without a page uuid and without an http(s) address, the page is never stored: nothing to count.
  const noPage = !uuid && !httpAddress(identity?.url);
  const total = state.currentData?.total;
  const hostState: HostState = noPage || (total === 0 && !showZero) ? 'empty' : state.isError && total === undefined ? 'error' : total === undefined ? 'loading' : 'ready';
  useHostState(hostState);
  if (noPage) return <span className="vf-share-count" part="empty" />;
  return (
    <span className="vf-share-total" part="base">
      <ShareCount pageUuid={uuid} showZero={showZero} />
    </span>
  );
}
