/**
 * The compose box under the messages: Enter sends, Shift+Enter starts a new line (not while an
 * input method is composing); a reply shows what it answers (Escape or × cancels it); the text
 * leaves the box at once (the message shows as sending, useChatSend.ts) and is kept as a draft
 * until then. Typing tells the others (`sendTyping`, throttled by core). Slow mode shows its rule
 * and, after each message, a countdown until the next. A guest is asked to log in on focus; a
 * banned or muted reader, or a closed chat, gets a notice instead of the box.
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { QuotedParent } from '../../core/api/chatOutbox.ts';
import { sendTyping } from '../../core/realtime/signals.ts';
import { useAppDispatch } from '../../core/store/hooks.ts';
import { isBlankText } from '../../core/text/blankText.ts';
import { Button } from '../ui/Button.tsx';
import { CloseIcon } from '../ui/CloseIcon.tsx';
import { useDraft } from '../ui/draft.ts';
import { useGuestGate } from '../ui/useGuestGate.ts';
import { useT } from '../ui/useIntl.ts';
import { usePermission } from '../ui/usePermission.ts';
import { excerpt } from './ChatMessage.tsx';
import { useSecondsLeft } from './useChatSend.ts';

/** The server's limit (docs/api.md "chat"); the counter shows within COUNTER_MARGIN of it. */
export const MAX_MESSAGE_LENGTH = 1000;
const COUNTER_MARGIN = 100;

export interface ChatComposeProps {
  containerUuid: string;
  closed: boolean;
  slowModeSeconds: number;
  /** The reader is not paced (moderators). */
  unpaced: boolean;
  /** When the reader may send again (ms; slow mode). */
  waitUntil: number;
  /** Set when a send was refused for a posting ban: the box gives way to it. */
  banNotice: string | null;
  replyTo: QuotedParent | null;
  onCancelReply(): void;
  onSend(text: string, parent: QuotedParent | null): void;
}

export function ChatCompose(props: ChatComposeProps) {
  const { containerUuid, closed, slowModeSeconds, unpaced, waitUntil, banNotice, replyTo, onCancelReply, onSend } = props;
  const t = useT();
  const id = useId();
  const dispatch = useAppDispatch();
  const guest = useGuestGate('message.create');
  const ruling = usePermission('message', 'create', { is_closed: closed });
  const draftKey = `chat:${containerUuid}`;
  const [text, setDraft] = useDraft(draftKey);
  const field = useRef<HTMLTextAreaElement>(null);
  const wait = useSecondsLeft(waitUntil);
  // Reply moves the reader here, to write the answer.
  useEffect(() => {
    if (replyTo) field.current?.focus();
  }, [replyTo]);

  if (ruling.reason === 'setting_disabled') return null;
  if (closed) {
    return (
      <p className="vf-state vf-livechat__notice" part="closed" role="status">
        {t('conversations.chat.closed')}
      </p>
    );
  }
  if (banNotice || ruling.reason === 'banned' || ruling.reason === 'muted') {
    const notice = ruling.reason === 'muted' ? t('conversations.chat.compose.muted') : (banNotice ?? t('conversations.chat.compose.banned'));
    return (
      <p className="vf-state vf-livechat__notice" part="compose-refused" role="status">
        {notice}
      </p>
    );
  }

  const over = text.length > MAX_MESSAGE_LENGTH;
  const canSend = guest.loggedIn && !isBlankText(text) && !over && wait === 0;
  const change = (value: string) => {
    setDraft(value);
    if (guest.loggedIn && !isBlankText(value)) dispatch(sendTyping(containerUuid));
  };
  const submit = () => {
    if (!guest.loggedIn) return guest.onClick();
    if (!canSend) return;
    onSend(text.trim(), replyTo);
    change('');
    onCancelReply();
    field.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      onCancelReply();
    }
  };

  const hintId = `${id}-hint`;
  const slowId = `${id}-slow`;
  const counterId = `${id}-counter`;
  const showCounter = text.length >= MAX_MESSAGE_LENGTH - COUNTER_MARGIN;
  const slow = (slowModeSeconds > 0 && !unpaced) || wait > 0;
  const describedBy = [hintId, slow ? slowId : '', showCounter ? counterId : ''].filter(Boolean).join(' ');

  return (
    <form
      className="vf-editor vf-livechat__compose"
      part="compose"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {replyTo ? (
        <div className="vf-livechat__replying" part="replying">
          <p>
            <span className="vf-chat-quote__name">{t('conversations.chat.compose.replyingTo', { name: replyTo.name })}</span>{' '}
            <q>{excerpt(replyTo.content)}</q>
          </p>
          <Button variant="ghost" aria-label={t('conversations.chat.compose.cancelReply')} onClick={onCancelReply}>
            <CloseIcon />
          </Button>
        </div>
      ) : null}
      <label htmlFor={id} className="vf-visually-hidden">
        {replyTo ? t('conversations.reply.label', { name: replyTo.name }) : t('conversations.chat.compose.label')}
      </label>
      <div className="vf-livechat__field">
        <textarea
          id={id}
          ref={field}
          value={text}
          rows={2}
          placeholder={t('conversations.chat.compose.placeholder')}
          aria-invalid={over || undefined}
          aria-describedby={describedBy}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={guest.onFocus}
          onClick={guest.onClick}
        />
        <Button type="submit" variant="primary" disabled={guest.loggedIn && !canSend}>
          {t('conversations.chat.compose.submit')}
        </Button>
      </div>
      <p id={hintId} className="vf-visually-hidden">
        {t('conversations.chat.compose.hint')}
      </p>
      {showCounter ? (
        <p id={counterId} className="vf-editor__counter" data-over={over}>
          {over ? t('base.editor.over', { count: text.length - MAX_MESSAGE_LENGTH }) : t('base.editor.remaining', { count: MAX_MESSAGE_LENGTH - text.length })}
        </p>
      ) : null}
      {slow ? (
        <p id={slowId} className="vf-livechat__slow" part="slow-mode">
          {wait > 0 ? t('conversations.chat.slowMode.wait', { seconds: wait }) : t('conversations.chat.slowMode.on', { seconds: slowModeSeconds })}
        </p>
      ) : null}
    </form>
  );
}
