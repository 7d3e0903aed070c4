/**
 * The queries behind a live story's first paint (docs/performance.md "Two paths to the first
 * comments"): the live blog and its latest posts with the story's own limit, as LiveStory's hooks
 * read them. The server renders from them; the browser loads the same before it hydrates that markup.
 */
import { clampSetting, LIVE_STORY_LIMIT } from '../../core/settings/clamp.ts';
import type { AppStore } from '../../core/store/index.ts';
import type { FirstPageData } from '../ui/firstPaint.ts';
import { loadBlogAndPosts } from '../vf-liveblog/firstPage.ts';
import type { LiveStoryProps } from './LiveStory.tsx';

/** Posts the story shows, from its `limit`. */
export const storyLimit = (limit: number | undefined): number => clampSetting(limit, LIVE_STORY_LIMIT);

export const loadFirstPage = (store: AppStore, props: LiveStoryProps): Promise<FirstPageData | null> =>
  loadBlogAndPosts(store, props.vfContainerId, storyLimit(props.limit));
