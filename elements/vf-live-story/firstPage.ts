/**
 * The queries behind a live story's first paint (docs/performance.md "Two paths to the first
 * comments"): the live blog by the element's container id and its first page of posts, with the
 * story's own limit, as LiveStory's hooks read them. The server renders from them; the browser
 * loads the same before it hydrates that markup.
 */
import { liveblogApi } from '../../core/api/liveblog.ts';
import { clampSetting, LIVE_STORY_LIMIT } from '../../core/settings/clamp.ts';
import type { AppStore } from '../../core/store/index.ts';
import { loadContainerAndItems, type FirstPageData } from '../ui/firstPaint.ts';
import { liveblogArgs, postsArgs } from '../vf-liveblog/firstPage.ts';
import type { LiveStoryProps } from './LiveStory.tsx';

/** Posts the story shows, from its `limit`. */
export const storyLimit = (limit: number | undefined): number => clampSetting(limit, LIVE_STORY_LIMIT);

export function loadFirstPage(store: AppStore, props: LiveStoryProps): Promise<FirstPageData | null> {
  const limit = storyLimit(props.limit);
  return loadContainerAndItems(
    store, props.vfContainerId,
    (sectionUuid, containerId) => store.dispatch(liveblogApi.endpoints.liveblog.initiate(liveblogArgs(sectionUuid, containerId, limit), { subscribe: false })),
    (sectionUuid, containerUuid) => store.dispatch(liveblogApi.endpoints.liveblogPosts.initiate(postsArgs(sectionUuid, containerUuid, limit), { subscribe: false })),
  );
}
