/**
 * The query behind a conversation starter's first paint: its container, with the arguments the
 * element's hook uses (elements/ui/useWidgetContainer.ts), so the server and the browser's takeover
 * render from the same data (docs/performance.md "Two paths to the first comments").
 */
import { loadContainerFirstPage, type FirstPageData } from '../ui/firstPaint.ts';
import type { AppStore } from '../../core/store/index.ts';
import { widgetContainerArgs } from '../ui/useWidgetContainer.ts';
import type { ConversationStarterProps } from './ConversationStarter.tsx';

export const loadFirstPage = (store: AppStore, props: ConversationStarterProps): Promise<FirstPageData | null> =>
  loadContainerFirstPage(store, (sectionUuid, page) => widgetContainerArgs(sectionUuid, props.vfContainerId, props.target, page));
