/**
 * The shared rule table (core/permissions) for this widget's viewer and site settings: what to
 * show. The server rules the same way; this only spares readers controls they cannot use.
 */
import type { Action, ContentTarget, Ruling, Subject, UserTarget } from '../../core/permissions/index.ts';
import { can } from '../../core/permissions/index.ts';
import { selectCurrentUser, selectSettings } from '../../core/session/slice.ts';
import { resolveSiteSettings, type SiteSettings } from '../../core/settings/site.ts';
import { useAppSelector } from '../../core/store/hooks.ts';

/** The site's settings with defaults for anything bootstrap did not send. */
export function useSiteSettings(): SiteSettings {
  const settings = useAppSelector(selectSettings);
  return resolveSiteSettings(settings as Record<string, unknown> | null);
}

/** `content`: the comment or container the action is about; `target`: the other user (mute, follow). */
export function usePermission<S extends Subject>(subject: S, action: Action<S>, content?: ContentTarget, target?: UserTarget): Ruling {
  const user = useAppSelector(selectCurrentUser);
  const settings = useSiteSettings();
  return can(subject, action, { user, settings, ...(content ? { content } : {}), ...(target ? { target } : {}) });
}
