/**
 * The shared rule table (core/permissions) for this widget's viewer and site settings: what to
 * show. The server rules the same way; this only spares readers controls they cannot use.
 *
 * The viewer (user, site settings) is read from the store once, at the element's root, and
 * handed down by context: every comment asks several permissions, and a store subscription per
 * question would be hundreds of selectors run on every store change.
 */
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import type { User } from '../../core/api/types.ts';
import type { Action, ContentTarget, Ruling, Subject, UserTarget } from '../../core/permissions/index.ts';
import { can } from '../../core/permissions/index.ts';
import { isLoggedInUser, selectCurrentUser, selectSettings } from '../../core/session/slice.ts';
import { resolveSiteSettings, type SiteSettings } from '../../core/settings/site.ts';
import { useAppSelector } from '../../core/store/hooks.ts';

export interface Viewer {
  user: User | null;
  /** A user that is not a guest. */
  loggedIn: boolean;
  /** The site's settings with defaults for anything bootstrap did not send. */
  settings: SiteSettings;
}

const ViewerContext = createContext<Viewer | null>(null);

/** Wraps the element's tree: the one place that reads the viewer from the store. */
export function ViewerProvider({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  const stored = useAppSelector(selectSettings);
  const settings = useMemo(() => resolveSiteSettings(stored as Record<string, unknown> | null), [stored]);
  const viewer = useMemo(() => ({ user, loggedIn: isLoggedInUser(user), settings }), [user, settings]);
  return createElement(ViewerContext.Provider, { value: viewer }, children);
}

export function useViewer(): Viewer {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error('useViewer() must be used inside <ViewerProvider>');
  return viewer;
}

export function useSiteSettings(): SiteSettings {
  return useViewer().settings;
}

/** `content`: the comment or container the action is about; `target`: the other user (mute, follow). */
export function usePermission<S extends Subject>(subject: S, action: Action<S>, content?: ContentTarget, target?: UserTarget): Ruling {
  const { user, settings } = useViewer();
  return can(subject, action, { user, settings, ...(content ? { content } : {}), ...(target ? { target } : {}) });
}
