/**
 * One chat: loads it (made on first use, content.md §4 "Widget load"), subscribes to its realtime
 * events with signals (typing, presence) while mounted, and shows "N people here", moderators'
 * tools, the offline and live-updates-paused notices, the messages, who is typing, and the
 * compose box. The reply target and the sending (useChatSend.ts) live here: both the list and the
 * compose box use them.
 */
import { useCallback, useRef, useState } from 'react';
import { chatApi, findCachedMessage, useChatQuery } from '../../core/api/chat.ts';
import type { QuotedParent } from '../../core/api/chatOutbox.ts';
import type { Comment } from '../../core/api/types.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { selectPresence, selectTypingCount } from '../../core/realtime/signals.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { LivePaused } from '../ui/LivePaused.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useContainerSubscription } from '../ui/useContainerSubscription.ts';
import { type ReactionReplay, useGuestReactionReplay } from '../ui/useGuestReactionReplay.ts';
import { useT } from '../ui/useIntl.ts';
import { usePermission } from '../ui/usePermission.ts';
import { ChatCompose } from './ChatCompose.tsx';
import { chatArgs } from './firstPage.ts';
import { quoteOf } from './ChatMessage.tsx';
import { MessageList, type MessageListHandle } from './MessageList.tsx';
import { ModeratorTools } from './ModeratorTools.tsx';
import { useChatSend, useSecondsLeft } from './useChatSend.ts';

/** A guest's like, replayed 1 s after login (content.md §4), on the chat's caches. */
const CHAT_REACTIONS: ReactionReplay = {
  toggle: chatApi.endpoints.toggleChatReaction.initiate,
  find: findCachedMessage,
};

export interface ChatPanelProps {
  sectionUuid: string;
  containerId: string;
  limit: number;
  loadingText: string;
}

function Presence({ containerUuid }: { containerUuid: string }) {
  const t = useT();
  const count = useAppSelector((state) => selectPresence(state, containerUuid));
  if (count === null) return null;
  return (
    <p className="vf-livechat__presence" part="presence">
      {t('conversations.chat.presence', { count })}
    </p>
  );
}

function Typing({ containerUuid }: { containerUuid: string }) {
  const t = useT();
  const count = useAppSelector((state) => selectTypingCount(state, containerUuid));
  return (
    <p className="vf-livechat__typing" part="typing">
      {count > 0 ? t('conversations.chat.typing', { count }) : null}
    </p>
  );
}

export function ChatPanel({ sectionUuid, containerId, limit, loadingText }: ChatPanelProps) {
  const t = useT();
  const query = useChatQuery(chatArgs(sectionUuid, containerId, limit));
  const container = query.data;
  const containerUuid = container?.content_container_uuid;
  const live = useContainerSubscription(containerUuid, { signals: true });
  const online = useAppSelector(selectIsOnline);
  const moderator = usePermission('comment', 'moderate').allowed;
  useGuestReactionReplay(containerUuid, CHAT_REACTIONS);
  const [replyTo, setReplyTo] = useState<QuotedParent | null>(null);
  const list = useRef<MessageListHandle>(null);
  const slowModeSeconds = container?.settings.slow_mode_seconds ?? 0;
  const sending = useChatSend({ sectionUuid, containerUuid: containerUuid ?? '', slowModeSeconds, paced: !moderator });
  const waiting = useSecondsLeft(sending.waitUntil) > 0;

  const onReply = useCallback((message: Comment) => setReplyTo(quoteOf(message)), []);
  const onSend = useCallback((text: string, parent: QuotedParent | null) => {
    list.current?.jumpToLatest();
    sending.send(text, parent);
  }, [sending]);

  if (query.isError && !container) {
    return <ErrorState message={t('conversations.chat.error.load')} onRetry={() => void query.refetch()} />;
  }
  if (!container || !containerUuid) return <Skeleton label={loadingText} />;
  const closed = container.settings.is_closed;

  return (
    <div className="vf-livechat__panel">
      <div className="vf-livechat__header" part="header">
        <Presence containerUuid={containerUuid} />
        {moderator ? <ModeratorTools sectionUuid={sectionUuid} container={container} /> : null}
      </div>
      {!online ? (
        <p className="vf-state vf-state--offline" part="offline" role="status">
          {t('conversations.chat.offline')}
        </p>
      ) : live === 'error_subscribing' ? (
        <LivePaused />
      ) : null}
      <MessageList
        handle={list}
        sectionUuid={sectionUuid}
        containerUuid={containerUuid}
        limit={limit}
        closed={closed}
        loadingText={loadingText}
        onReply={onReply}
        canRetry={!waiting}
        onRetry={(item) => void sending.retry(item)}
        onDiscard={sending.discard}
      />
      <Typing containerUuid={containerUuid} />
      <ChatCompose
        containerUuid={containerUuid}
        closed={closed}
        slowModeSeconds={slowModeSeconds}
        unpaced={moderator}
        waitUntil={sending.waitUntil}
        banNotice={sending.banNotice}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSend={onSend}
      />
    </div>
  );
}
