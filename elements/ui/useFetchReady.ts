/**
 * Whether the element may fetch its data yet (the loader's `fetch` rule, core/loader/schedule.ts:
 * the live chat fetches 10 s after it came into view). The loader marks the element
 * `data-vf-fetch="ready"` when the rule is met; on a page without the loader (an element defined
 * by the page itself, tests) nothing waits.
 */
import { useEffect, useState } from 'react';
import { FETCH_ATTR } from '../../core/loader/schedule.ts';
import { useHost } from './hostEvents.ts';

const loaderPresent = () => !!(globalThis as { vf?: { __vfLoaded?: boolean } }).vf?.__vfLoaded;
const isReady = (host: HTMLElement | null) => !host || !loaderPresent() || host.getAttribute(FETCH_ATTR) === 'ready';

export function useFetchReady(): boolean {
  const host = useHost();
  const [ready, setReady] = useState(() => isReady(host));
  useEffect(() => {
    if (!host || isReady(host)) return void setReady(true);
    const observer = new MutationObserver(() => {
      if (!isReady(host)) return;
      setReady(true);
      observer.disconnect();
    });
    observer.observe(host, { attributes: true, attributeFilter: [FETCH_ATTR] });
    return () => observer.disconnect();
  }, [host]);
  return ready;
}
