/**
 * Sending chat messages optimistically (core/api/chatOutbox.ts): a message shows at once as
 * sending, leaves the outbox when the server accepted it (its copy is then in the list, once,
 * by uuid), and stays with its reason when refused, for Retry or Discard. Also the slow-mode
 * wait: after each message a reader waits the chat's `slow_mode_seconds` (moderators do not),
 * or what the server's 429 says is left (`retry_after`). A posting ban turns the compose box into
 * a notice.
 */
import { useCallback, useEffect, useState } from 'react';
import { chatApi } from '../../core/api/chat.ts';
import { apiCodeKey } from '../../core/api/errors.ts';
import { addOutgoing, removeOutgoing, updateOutgoing, type OutgoingMessage, type QuotedParent } from '../../core/api/chatOutbox.ts';
import type { Comment } from '../../core/api/types.ts';
import { useHostEvent } from '../ui/hostEvents.ts';
import { useLoginNeeded } from '../ui/useGuestGate.ts';
import { useT } from '../ui/useIntl.ts';
import { postFailure } from '../ui/usePostContent.ts';
import { useRunMutation } from '../ui/useRunMutation.ts';

export interface ChatMessageSentDetail {
  message: Comment;
}

/** Seconds left in a 429's answer (`retry_after` in the body, as docs/api.md "chat" says, or in its `data`). */
function retryAfter(data: unknown): number {
  const body = data as { retry_after?: unknown; data?: { retry_after?: unknown } } | null;
  const value = Number(body?.retry_after ?? body?.data?.retry_after);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Whole seconds until `until` (ms), ticking once a second while above zero. */
export function useSecondsLeft(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (until <= Date.now()) return undefined;
    const timer = setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]); // eslint-disable-line react-hooks/exhaustive-deps
  return seconds;
}

export interface ChatSendOptions {
  sectionUuid: string;
  containerUuid: string;
  /** The chat's slow mode (0: off); moderators are not paced. */
  slowModeSeconds: number;
  paced: boolean;
}

export function useChatSend({ sectionUuid, containerUuid, slowModeSeconds, paced }: ChatSendOptions) {
  const t = useT();
  const emit = useHostEvent();
  const loginNeeded = useLoginNeeded();
  const [, run] = useRunMutation();
  const [waitUntil, setWaitUntil] = useState(0);
  const [banNotice, setBanNotice] = useState<string | null>(null);

  const pace = useCallback((seconds: number) => {
    if (paced && seconds > 0) setWaitUntil(Date.now() + seconds * 1000);
  }, [paced]);

  const attempt = useCallback(async (item: OutgoingMessage) => {
    updateOutgoing(containerUuid, item.id, { status: 'sending', error: undefined });
    try {
      const args = { sectionUuid, containerUuid, content: item.text, parentUuid: item.parent?.uuid ?? null };
      const message = await run(chatApi.endpoints.sendChatMessage.initiate(args));
      removeOutgoing(containerUuid, item.id);
      pace(slowModeSeconds); // counted from the server's answer, as the server counts
      emit<ChatMessageSentDetail>('vf-chat-message-sent', { message });
    } catch (failure) {
      const { error, text, login } = postFailure(t, failure, t('base.error.something_went_wrong'));
      let reason = text;
      if (error.error_status === 429) {
        pace(retryAfter(error.data) || slowModeSeconds);
        reason = t('conversations.chat.error.slowMode');
      }
      if (login) loginNeeded('message.create');
      if (apiCodeKey(error.api_code) === 'banned_from_posting') setBanNotice(text);
      updateOutgoing(containerUuid, item.id, { status: 'failed', error: reason });
    }
  }, [sectionUuid, containerUuid, slowModeSeconds, pace, run, emit, t, loginNeeded]);

  const send = useCallback((text: string, parent: QuotedParent | null) => {
    pace(slowModeSeconds); // no second message while the first is on its way
    void attempt(addOutgoing(containerUuid, text, parent));
  }, [attempt, containerUuid, pace, slowModeSeconds]);

  const discard = useCallback((item: OutgoingMessage) => removeOutgoing(containerUuid, item.id), [containerUuid]);

  return { send, retry: attempt, discard, waitUntil, banNotice };
}
