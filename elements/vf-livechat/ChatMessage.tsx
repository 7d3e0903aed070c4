/**
 * One chat message: author, time, the quoted message it answers (author and a short excerpt),
 * the text, and its actions — Like, Reply and a "More actions" menu (Report, and "Report illegal
 * content" for anyone but its author; for moderators Disable / Approve and "Ban from posting"
 * through the shared ban dialog). The author's own held message says it awaits review;
 * moderators see held and disabled ones with their badges.
 * `OutgoingItem` is the reader's own message on its way: sending, or failed with Retry / Discard.
 */
import { memo, useState } from 'react';
import { chatApi } from '../../core/api/chat.ts';
import type { OutgoingMessage, QuotedParent } from '../../core/api/chatOutbox.ts';
import type { Actor, Comment } from '../../core/api/types.ts';
import { AuthorLine } from '../ui/AuthorLine.tsx';
import { LazyBanDialog } from '../ui/moderationTools.ts';
import { Button } from '../ui/Button.tsx';
import { CommentMenu, type MenuItem } from '../ui/CommentMenu.tsx';
import { CommentText } from '../ui/CommentText.tsx';
import { ReactionButton } from '../ui/ReactionButton.tsx';
import { StateBadges } from '../ui/StateBadge.tsx';
import { useAttemptAfterLogin, useGuestGate } from '../ui/useGuestGate.ts';
import { useT } from '../ui/useIntl.ts';
import { usePermission, useViewer } from '../ui/usePermission.ts';
import { useRunMutation } from '../ui/useRunMutation.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { useContentNotice } from '../ui/notice/useNoticeMenu.tsx';

const toggleLike = chatApi.endpoints.toggleChatReaction.initiate;
const EXCERPT_MAX = 80;

export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : flat;
}

export const quoteOf = (message: Comment): QuotedParent => ({ uuid: message.content_uuid, name: message.actor.name, content: message.content });

/** "In reply to Ada: …" above a reply; `parent` undefined while it loads, null when the reader may not see it. */
function Quote({ parent }: { parent: QuotedParent | null | undefined }) {
  const t = useT();
  if (parent === undefined) return <p className="vf-chat-quote vf-chat-quote--loading" part="quote" aria-hidden="true" />;
  if (parent === null) {
    return (
      <p className="vf-chat-quote" part="quote">
        {t('conversations.chat.quote.unavailable')}
      </p>
    );
  }
  return (
    <p className="vf-chat-quote" part="quote">
      <span className="vf-chat-quote__name">{t('conversations.chat.quote.label', { name: parent.name })}</span>{' '}
      <q>{excerpt(parent.content)}</q>
    </p>
  );
}

export interface ChatMessageProps {
  message: Comment;
  sectionUuid: string;
  /** The quoted message of a reply (see Quote). */
  parent: QuotedParent | null | undefined;
  /** The chat takes no messages: no Reply. */
  closed: boolean;
  onReply(message: Comment): void;
}

export const ChatMessage = memo(function ChatMessage({ message, sectionUuid, parent, closed, onReply }: ChatMessageProps) {
  const t = useT();
  const { user } = useViewer();
  const [busy, run] = useRunMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [banning, setBanning] = useState(false);
  const attempt = useAttemptAfterLogin();
  const guest = useGuestGate('message.flag');
  const moderator = usePermission('comment', 'moderate').allowed;
  const flag = usePermission('message', 'flag', { actor_uuid: message.actor_uuid });
  const create = usePermission('message', 'create', { is_closed: closed });
  const canReply = create.allowed || create.reason === 'login_required' || create.reason === 'email_verification_required';
  const name = message.actor.name;
  const own = !!user && user.uuid === message.actor_uuid;
  const ref = { sectionUuid, containerUuid: message.content_container_uuid, contentUuid: message.content_uuid };
  const flagged = !!message.actions.flagged;
  const legalNotice = useContentNotice(message, 'message');

  const act = async (start: Parameters<typeof run>[0], done?: string) => {
    setError(null);
    setNotice(null);
    try {
      await run(start);
      if (done) setNotice(done);
    } catch {
      setError(t('conversations.error.action'));
    }
  };

  const items: MenuItem[] = [];
  if (flag.allowed || flag.reason === 'login_required') {
    items.push({
      id: flagged ? 'unflag' : 'flag',
      label: t(flagged ? 'conversations.action.unflag' : 'conversations.action.flag'),
      onSelect: () => guest.requireLogin(() => void act(chatApi.endpoints.flagChatMessage.initiate({ ...ref, on: !flagged }), flagged ? undefined : t('conversations.chat.reported'))),
    });
  }
  items.push(...legalNotice.items);
  if (moderator) {
    const enable = message.state !== 'visible';
    items.push({
      id: enable ? 'enable' : 'disable',
      label: t(enable ? 'conversations.action.enable' : 'conversations.action.disable'),
      onSelect: () => void act(chatApi.endpoints.moderateChatMessage.initiate({ ...ref, action: enable ? 'enable' : 'disable' })),
    });
    if (!own) items.push({ id: 'ban', label: t('conversations.chat.action.ban', { name }), onSelect: () => setBanning(true) });
  }

  return (
    <article
      className="vf-chat-message"
      part="message"
      data-uuid={message.content_uuid}
      data-state={message.state}
      aria-label={t('conversations.chat.message.label', { name })}
      aria-busy={busy || undefined}
      tabIndex={-1}
    >
      <AuthorLine actor={message.actor} time={message.date_created}>
        <StateBadges comment={message} />
      </AuthorLine>
      {message.parent_uuid ? <Quote parent={parent} /> : null}
      <CommentText text={message.content} />
      {own && message.state === 'awaiting_moderation' ? (
        <p className="vf-chat-message__held" part="held-notice">
          {t('conversations.chat.message.held')}
        </p>
      ) : null}
      <ErrorAlert message={error} />
      {notice ? (
        <p className="vf-chat-message__notice" role="status">
          {notice}
        </p>
      ) : null}
      <div className="vf-chat-message__actions" part="actions">
        <ReactionButton comment={message} sectionUuid={sectionUuid} reaction="like" toggle={toggleLike} labels="conversations.chat" />
        {canReply ? (
          <Button variant="ghost" aria-label={t('conversations.reply.label', { name })} onClick={() => attempt('message.create', () => onReply(message))}>
            {t('conversations.reply')}
          </Button>
        ) : null}
        <CommentMenu label={t('conversations.chat.menu.label', { name })} items={items} />
      </div>
      {legalNotice.dialog}
      {banning ? <LazyBanDialog author={message.actor} onClose={() => setBanning(false)} onBanned={() => setNotice(t('conversations.ban.done', { name }))} /> : null}
    </article>
  );
});

export interface OutgoingItemProps {
  item: OutgoingMessage;
  author: Actor;
  /** Retry waits for the slow mode to let the reader send again. */
  canRetry: boolean;
  onRetry(item: OutgoingMessage): void;
  onDiscard(item: OutgoingMessage): void;
}

/** The reader's message on its way, under its temporary id: "Sending…", or why it failed, with Retry and Discard. */
export function OutgoingItem({ item, author, canRetry, onRetry, onDiscard }: OutgoingItemProps) {
  const t = useT();
  const failed = item.status === 'failed';
  return (
    <article
      className={`vf-chat-message vf-chat-message--${item.status}`}
      part={`message outgoing ${item.status}`}
      data-temp-id={item.id}
      aria-label={t('conversations.chat.message.label', { name: author.name })}
    >
      <AuthorLine actor={author} time={item.sentAt} />
      {item.parent ? <Quote parent={item.parent} /> : null}
      <CommentText text={item.text} />
      {failed ? (
        <div className="vf-chat-message__failed" role="alert">
          <p>{t('conversations.chat.message.failed', { reason: item.error ?? t('base.error.something_went_wrong') })}</p>
          <Button onClick={() => onRetry(item)} disabled={!canRetry}>
            {t('conversations.retry')}
          </Button>
          <Button variant="ghost" onClick={() => onDiscard(item)}>
            {t('conversations.chat.message.discard')}
          </Button>
        </div>
      ) : (
        <p className="vf-chat-message__sending">{t('conversations.chat.message.sending')}</p>
      )}
    </article>
  );
}
