/**
 * The messages that replies quote: from the cached list when there, else read by uuid (the
 * selection call, up to 100 at once) and remembered, so a reply whose parent scrolled out of the
 * window (or was never loaded) still shows who it answers. A parent the reader may not see (a
 * disabled message) comes back as null: "Original message unavailable".
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useRef } from 'react';
import { useChatSelectionQuery } from '../../core/api/chat.ts';
import type { QuotedParent } from '../../core/api/chatOutbox.ts';
import type { Comment } from '../../core/api/types.ts';
import { quoteOf } from './ChatMessage.tsx';

const SELECTION_MAX = 100;
/** A long session forgets the parents it read (they are read again if still quoted). */
const REMEMBER_MAX = 500;

export function useQuotedParents(sectionUuid: string, containerUuid: string, shown: readonly Comment[], all: readonly Comment[]) {
  const fetched = useRef(new Map<string, QuotedParent | null>());
  const cached = new Map(all.map((m) => [m.content_uuid, m]));
  const missing = [
    ...new Set(shown.flatMap((m) => (m.parent_uuid && !cached.has(m.parent_uuid) && !fetched.current.has(m.parent_uuid) ? [m.parent_uuid] : []))),
  ].sort().slice(0, SELECTION_MAX);
  const { currentData } = useChatSelectionQuery(missing.length ? { sectionUuid, containerUuid, uuids: missing } : skipToken);
  if (currentData) {
    if (fetched.current.size > REMEMBER_MAX) fetched.current.clear();
    const found = new Map(currentData.contents.map((m) => [m.content_uuid, m]));
    for (const uuid of missing) {
      const parent = found.get(uuid);
      fetched.current.set(uuid, parent && parent.state === 'visible' ? quoteOf(parent) : null);
    }
  }
  return (uuid: string): QuotedParent | null | undefined => {
    const inList = cached.get(uuid);
    return inList ? quoteOf(inList) : fetched.current.get(uuid);
  };
}
