/**
 * What an element loads before it takes over its server-painted markup (elements/ui/takeover.ts):
 * the started session, its first page (the same queries the server rendered from), and its
 * messages, so React's first render is the finished one. Hydrate only when the markup can be
 * kept as it is: a guest (the server renders a guest's view) and data with the server's tag.
 */
import { getStore, type AppStore } from '../../core/store/index.ts';
import { selectIsLoggedIn, selectPage, selectSessionStatus } from '../../core/session/slice.ts';
import { dataTag, FIRST_PAINT_ATTR, type FirstPageLoader } from './firstPaint.ts';
import { loadIntl, rootLanguage } from './WidgetRoot.tsx';
import type { Takeover } from './takeover.ts';

/** Resolves once core's start-up has an answer (ready or failed). */
function sessionSettled(store: AppStore): Promise<void> {
  const settled = () => ['ready', 'failed'].includes(selectSessionStatus(store.getState()));
  if (settled()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.subscribe(() => {
      if (!settled()) return;
      stop();
      resolve();
    });
  });
}

export function takeoverPreparer<P>(firstPage: FirstPageLoader<P>, bundle: string | undefined) {
  return async (props: P & { container?: ShadowRoot | HTMLElement }): Promise<Takeover> => {
    const store = getStore();
    const host = props.container instanceof ShadowRoot ? props.container.host : props.container;
    const painted = host?.getAttribute(FIRST_PAINT_ATTR);
    const messages = () => loadIntl(rootLanguage(selectPage(store.getState())?.lang), bundle);
    // The page's language is known once core has read the page: its messages load meanwhile.
    const early = selectPage(store.getState()) ? messages() : null;
    await sessionSettled(store);
    if (selectSessionStatus(store.getState()) !== 'ready') return 'render';
    const [first] = await Promise.all([firstPage(store, props), early ?? messages()]);
    const guest = !selectIsLoggedIn(store.getState());
    return guest && first && dataTag(first.values) === painted ? 'hydrate' : 'render';
  };
}
