/**
 * The four community elements' React roots (docs/elements.md "Community views"): each reads its
 * attributes, clamps them (core/settings/clamp.ts, a value out of range takes the default) and
 * renders the shared list. Following needs the viewer's permissions and the login prompt.
 */
import { COUNT, clampSetting, DAYS, HOURS } from '../../core/settings/clamp.ts';
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { ViewerProvider } from '../ui/usePermission.ts';
import { CommentList } from './CommentList.tsx';
import { TopUsers } from './TopUsers.tsx';

/** `<vf-users>` looks back this many days by default (1–30). */
export const USERS_DAYS = { min: 1, max: 30, default: 30 };

export interface CommentListAttributes {
  /** `vf-container-id`: only this conversation's comments (default: the whole site). */
  vfContainerId?: string;
  /** `limit`: how many comments (1–100, default 5). */
  limit?: number;
  /** Not an attribute: 3 inside the tray (under its title). */
  headingLevel?: 2 | 3;
}

const containerOf = (id: string | undefined) => id?.trim() || undefined;

export function TrendingComments({ vfContainerId, limit, hours, headingLevel }: CommentListAttributes & { hours?: number }) {
  return <CommentList headingLevel={headingLevel} show="trending" containerId={containerOf(vfContainerId)} limit={clampSetting(limit, COUNT)} hours={clampSetting(hours, HOURS)} />;
}

export function CommunityComments({ vfContainerId, limit, headingLevel }: CommentListAttributes) {
  return <CommentList headingLevel={headingLevel} show="latest" containerId={containerOf(vfContainerId)} limit={clampSetting(limit, COUNT)} />;
}

export function CommunityPopular({ vfContainerId, limit, days, headingLevel }: CommentListAttributes & { days?: number }) {
  return <CommentList headingLevel={headingLevel} show="popular" containerId={containerOf(vfContainerId)} limit={clampSetting(limit, COUNT)} days={clampSetting(days, DAYS)} />;
}

export function Users({ days, headingLevel }: { days?: number; headingLevel?: 2 | 3 }) {
  return (
    <ViewerProvider>
      <LoginPromptProvider>
        <TopUsers days={clampSetting(days, USERS_DAYS)} headingLevel={headingLevel} />
      </LoginPromptProvider>
    </ViewerProvider>
  );
}
