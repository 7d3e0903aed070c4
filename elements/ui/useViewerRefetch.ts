/**
 * The server answers some reads per viewer (a hidden conversation's count only to moderators and
 * admins): runs `refetch` when the viewer changes — log in, log out — while `active`.
 */
import { useEffect, useRef } from 'react';
import { selectCurrentUser } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';

export function useViewerRefetch(refetch: () => unknown, active = true): void {
  const viewer = useAppSelector(selectCurrentUser)?.uuid ?? null;
  const lastViewer = useRef(viewer);
  useEffect(() => {
    if (lastViewer.current === viewer) return;
    lastViewer.current = viewer;
    if (active) void refetch();
  }, [viewer, refetch, active]);
}
