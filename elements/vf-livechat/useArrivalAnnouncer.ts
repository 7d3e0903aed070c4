/**
 * What the chat's polite live region says about new messages from others: never one
 * announcement per message (a busy chat would drown a screen reader), but "N new messages" at most
 * once every ANNOUNCE_MS, counting what arrived since the last one. Each announcement is a new
 * node (its `id` changes), so the same words are read again.
 */
import { useEffect, useRef, useState } from 'react';
import type { Comment } from '../../core/api/types.ts';
import { useT } from '../ui/useIntl.ts';

export const ANNOUNCE_MS = 5000;

export interface Announcement {
  id: number;
  text: string;
}

/** Messages by others after `previous` in `all` (oldest first); 0 when `previous` is no longer there. */
export function arrivalsAfter(all: readonly Comment[], previous: string | null, viewerUuid: string | null): number {
  if (!previous) return 0;
  const at = all.findIndex((m) => m.content_uuid === previous);
  if (at < 0) return 0;
  return all.slice(at + 1).filter((m) => m.actor_uuid !== viewerUuid).length;
}

export function useArrivalAnnouncer(all: readonly Comment[], unseenDetached: number, viewerUuid: string | null): Announcement | null {
  const t = useT();
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const newest = useRef<string | null>(null);
  const detachedSeen = useRef(unseenDetached);
  const pending = useRef(0);
  const lastAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const latest = all.at(-1)?.content_uuid ?? null;
    let count = arrivalsAfter(all, newest.current, viewerUuid);
    if (latest !== null) newest.current = latest;
    count += Math.max(0, unseenDetached - detachedSeen.current);
    detachedSeen.current = unseenDetached;
    if (count === 0) return;
    pending.current += count;
    if (timer.current) return;
    const flush = () => {
      timer.current = null;
      lastAt.current = Date.now();
      const n = pending.current;
      pending.current = 0;
      setAnnouncement((previous) => ({ id: (previous?.id ?? 0) + 1, text: t('conversations.chat.newMessages', { count: n }) }));
    };
    timer.current = setTimeout(flush, Math.max(0, lastAt.current + ANNOUNCE_MS - Date.now()));
  }, [all, unseenDetached, viewerUuid, t]);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return announcement;
}
