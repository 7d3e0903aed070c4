/**
 * The messages, oldest at the top, newest at the bottom, in a scrolling box, then the reader's
 * own messages on their way. A bounded window (core/api/chatWindow.ts): at the bottom the list
 * follows new messages and drops the oldest beyond CHAT_WINDOW; scrolled up, new messages wait
 * behind a "N new messages" button (too many, and the list lets go of the present: the button then
 * reads the latest again); reaching the top loads older history ("Load older messages" for the
 * keyboard) without moving what the reader looks at. Arrivals are announced politely, in batches.
 */
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, useSyncExternalStore, type Ref } from 'react';
import { useChatMessagesInfiniteQuery } from '../../core/api/chat.ts';
import { detachChatWindow, trimChatWindow } from '../../core/api/chatCache.ts';
import { outgoingMessages, subscribeOutbox, unsentMessages, type OutgoingMessage } from '../../core/api/chatOutbox.ts';
import { CHAT_WINDOW, chatMessages, windowOf, type ChatPages } from '../../core/api/chatWindow.ts';
import type { Comment } from '../../core/api/types.ts';
import { useAppDispatch } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { useViewer } from '../ui/usePermission.ts';
import { ChatMessage, OutgoingItem } from './ChatMessage.tsx';
import { useArrivalAnnouncer } from './useArrivalAnnouncer.ts';
import { useChatScroll } from './useChatScroll.ts';
import { useQuotedParents } from './useQuotedParents.ts';
import { messagesArgs } from './firstPage.ts';

export interface MessageListHandle {
  /** Back to the newest messages, following them again (the reader sent one). */
  jumpToLatest(): void;
}

export interface MessageListProps {
  sectionUuid: string;
  containerUuid: string;
  limit: number;
  closed: boolean;
  loadingText: string;
  onReply(message: Comment): void;
  canRetry: boolean;
  onRetry(item: OutgoingMessage): void;
  onDiscard(item: OutgoingMessage): void;
  handle?: Ref<MessageListHandle>;
}

const NO_MESSAGES: Comment[] = [];
const NOTHING_OUTGOING: readonly OutgoingMessage[] = [];

export function MessageList(props: MessageListProps) {
  const { sectionUuid, containerUuid, limit, closed, loadingText, onReply, canRetry, onRetry, onDiscard, handle } = props;
  const t = useT();
  const dispatch = useAppDispatch();
  const { user } = useViewer();
  const args = useMemo(() => messagesArgs(sectionUuid, containerUuid, limit), [sectionUuid, containerUuid, limit]);
  const list = useChatMessagesInfiniteQuery(args);
  const data = list.data as ChatPages | undefined;
  const all = useMemo(() => (data ? chatMessages(data) : NO_MESSAGES), [data]);
  const newest = data?.pages[0];
  const detached = !!newest?.detached;
  // Nothing is on its way in a server-painted chat (nor while the browser hydrates it).
  const outgoing = useSyncExternalStore(subscribeOutbox, () => outgoingMessages(containerUuid), () => NOTHING_OUTGOING);
  const unsent = useMemo(() => unsentMessages(outgoing, all, user?.uuid ?? null), [outgoing, all, user]);
  // The last message shown when the reader left the bottom: the window ends there until they come back.
  const [frozenEnd, setFrozenEnd] = useState<string | null>(null);
  const lastShown = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const loadOlder = useCallback(() => {
    if (list.hasNextPage && !list.isFetchingNextPage && !list.isError) void list.fetchNextPage();
  }, [list]);
  const { scroller, pinned, onScroll, pin } = useChatScroll({
    onTop: loadOlder,
    onPinnedChange: (atBottom) => {
      if (!atBottom) return setFrozenEnd(lastShown.current);
      setFrozenEnd(null);
      if (detached) void list.refetch();
    },
  });

  const frozen = windowOf(all, pinned ? null : frozenEnd);
  const shown = frozen.shown;
  lastShown.current = shown.at(-1)?.content_uuid ?? null;
  const unseen = (pinned ? 0 : frozen.held) + (newest?.unseen ?? 0);
  const parentOf = useQuotedParents(sectionUuid, containerUuid, shown, all);
  const announcement = useArrivalAnnouncer(all, newest?.unseen ?? 0, user?.uuid ?? null);

  // Keep the window bounded: the oldest go at the bottom; scrolled up, too many waiting (or far
  // back in history) and the newest end goes.
  useEffect(() => {
    if (!data) return;
    if (pinned) {
      if (all.length > CHAT_WINDOW) trimChatWindow(dispatch, args, CHAT_WINDOW);
    } else if (frozenEnd && frozen.held > CHAT_WINDOW) {
      detachChatWindow(dispatch, args, frozenEnd, frozen.held);
    } else if (frozenEnd && shown.length > CHAT_WINDOW) {
      const keep = shown[CHAT_WINDOW - 1]!.content_uuid;
      detachChatWindow(dispatch, args, keep, frozen.held);
      setFrozenEnd(keep);
    }
  }, [data, all, pinned, frozenEnd, frozen.held, shown, dispatch, args]);

  // History shorter than the box: read further back until it fills (or there is no more).
  useEffect(() => {
    const el = scroller.current;
    if (el && data && el.scrollHeight <= el.clientHeight) loadOlder();
  }, [data, loadOlder, scroller]);

  // Focus goes to the newest message; when the latest are read again, to the box (the list is replaced).
  const focusNewest = () =>
    requestAnimationFrame(() => {
      const newestShown = detached ? null : listRef.current?.querySelector<HTMLElement>('li:last-child [data-uuid]');
      (newestShown ?? scroller.current)?.focus({ preventScroll: true });
    });
  // Coming back to the bottom re-reads the latest when the list had let go of them (onPinnedChange).
  const jumpToLatest = pin;
  useImperativeHandle(handle, () => ({ jumpToLatest }), [jumpToLatest]);

  if (list.isError && !data) return <ErrorState message={t('conversations.chat.error.load')} onRetry={() => void list.refetch()} />;
  if (!data) return <Skeleton label={loadingText} />;

  const author = user ? { uuid: user.uuid, name: user.name, pic_small: user.pic_small } : null;
  const empty = shown.length === 0 && unsent.length === 0;

  return (
    <div className="vf-livechat__messages">
      <div
        ref={scroller}
        className="vf-livechat__scroller"
        part="scroller"
        // The server-painted box is scrolled to its end by the loader (core/loader/firstPaint.ts), as useChatScroll does.
        data-vf-scroll-end=""
        role="region"
        aria-label={t('conversations.chat.messages')}
        tabIndex={0}
        onScroll={onScroll}
      >
        {list.hasNextPage ? (
          <div className="vf-more">
            {list.isError ? <p className="vf-error">{t('conversations.chat.error.more')}</p> : null}
            <Button part="load-older" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {list.isError ? t('conversations.retry') : t('conversations.chat.loadOlder')}
            </Button>
          </div>
        ) : null}
        {empty ? (
          <EmptyState text={t('conversations.chat.empty')} />
        ) : (
          <ol ref={listRef} className="vf-livechat__list" part="list">
            {shown.map((message) => (
              <li key={message.content_uuid}>
                <ChatMessage message={message} sectionUuid={sectionUuid} parent={message.parent_uuid ? parentOf(message.parent_uuid) : null} closed={closed} onReply={onReply} />
              </li>
            ))}
            {author
              ? unsent.map((item) => (
                  <li key={item.id}>
                    <OutgoingItem item={item} author={author} canRetry={canRetry} onRetry={onRetry} onDiscard={onDiscard} />
                  </li>
                ))
              : null}
          </ol>
        )}
      </div>
      {!pinned && (unseen > 0 || detached) ? (
        <Button
          part="new-messages"
          className="vf-livechat__new"
          onClick={() => {
            jumpToLatest();
            focusNewest();
          }}
        >
          {unseen > 0 ? t('conversations.chat.newMessages', { count: unseen }) : t('conversations.chat.latest')}
        </Button>
      ) : null}
      <div className="vf-visually-hidden" role="status" part="announcer">
        {announcement ? <span key={announcement.id}>{announcement.text}</span> : null}
      </div>
    </div>
  );
}
