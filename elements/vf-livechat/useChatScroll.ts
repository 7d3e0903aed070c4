/**
 * The message list's scrolling: whether the reader is at the bottom (pinned: new messages keep
 * the view at the bottom), and otherwise keeping what they read in place whatever changes above
 * or below it — older history arriving at the top, old messages dropped, a message disabled.
 * After every render the first message in view goes back to where it was (the browser's own
 * scroll anchoring does not work at the very top, where history is loaded, so it is off).
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** Within this many px of the end counts as at the bottom / at the top. */
const BOTTOM_SLACK = 24;
const TOP_SLACK = 48;
const ITEMS = '[data-uuid], [data-temp-id]';

interface Anchor {
  key: string;
  offset: number;
}

const keyOf = (item: HTMLElement) => item.dataset.uuid ?? item.dataset.tempId ?? '';

export interface ChatScrollOptions {
  /** The reader reached the top (load older messages). */
  onTop(): void;
  /** The reader left the bottom (false) or came back to it (true). */
  onPinnedChange(pinned: boolean): void;
}

export function useChatScroll({ onTop, onPinnedChange }: ChatScrollOptions) {
  const scroller = useRef<HTMLDivElement>(null);
  const [pinned, setPinned] = useState(true);
  const pinnedNow = useRef(true);
  const anchor = useRef<Anchor | null>(null);
  /** The content's height when last seen: a render that changed nothing below does not pull the view down. */
  const height = useRef(0);
  /** pin() asked for the bottom: the next render goes there whatever the reader did. */
  const toBottom = useRef(false);
  const callbacks = useRef({ onTop, onPinnedChange });
  callbacks.current = { onTop, onPinnedChange };

  const record = () => {
    const el = scroller.current;
    if (!el) return;
    anchor.current = null;
    for (const item of el.querySelectorAll<HTMLElement>(ITEMS)) {
      if (item.offsetTop + item.offsetHeight > el.scrollTop) {
        anchor.current = { key: keyOf(item), offset: item.offsetTop - el.scrollTop };
        return;
      }
    }
  };

  const setPinnedTo = useCallback((next: boolean) => {
    if (pinnedNow.current === next) return;
    pinnedNow.current = next;
    setPinned(next);
    callbacks.current.onPinnedChange(next);
  }, []);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    setPinnedTo(el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK);
    record();
    if (el.scrollTop <= TOP_SLACK) callbacks.current.onTop();
  }, [setPinnedTo]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (pinnedNow.current) {
      // The reader just scrolled up (its scroll event is still to come) and nothing was added: leave the view.
      const scrolledAway = el.scrollHeight - el.scrollTop - el.clientHeight > BOTTOM_SLACK;
      if (!scrolledAway || el.scrollHeight !== height.current || toBottom.current) el.scrollTop = el.scrollHeight;
      toBottom.current = false;
    } else if (anchor.current) {
      const { key, offset } = anchor.current;
      const item = [...el.querySelectorAll<HTMLElement>(ITEMS)].find((i) => keyOf(i) === key);
      if (item) el.scrollTop += item.offsetTop - el.scrollTop - offset;
    }
    height.current = el.scrollHeight;
    record();
  });

  /** Back to the bottom (the reader sent a message, or asked for the latest). */
  const pin = useCallback(() => {
    toBottom.current = true;
    setPinnedTo(true);
  }, [setPinnedTo]);

  return { scroller, pinned, onScroll, pin };
}
