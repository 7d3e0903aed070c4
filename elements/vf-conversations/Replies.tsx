/**
 * A thread's replies: the ones embedded in the list first, then — after "Load more replies" —
 * the thread's reply pages (useThreadRepliesInfiniteQuery, `pageSize` per page), merged without
 * duplicates. A reply to a reply says whom it answers ("Replying to @name").
 */
import { useState } from 'react';
import { useThreadRepliesInfiniteQuery } from '../../core/api/comments.ts';
import type { Comment as CommentData } from '../../core/api/types.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';
import { Comment } from './Comment.tsx';
import { useFocusTarget } from './focusTarget.tsx';
import { HeldNotice } from './HeldNotice.tsx';
import { PromoSlot } from './PromoSlot.tsx';

export interface RepliesProps {
  thread: CommentData;
  sectionUuid: string;
  containerUuid: string;
  /** Replies per "Load more replies" page (pagination-reply-limit). */
  pageSize: number;
  /** A promo slot after every this many replies (0: none); named `<promoPrefix>-N`. */
  promoEvery?: number;
  promoPrefix?: string;
}

function merge(first: CommentData[], more: CommentData[]): CommentData[] {
  const seen = new Set(first.map((c) => c.content_uuid));
  return [...first, ...more.filter((c) => !seen.has(c.content_uuid) && seen.add(c.content_uuid))];
}

function Reply({ reply, answers, sectionUuid, containerUuid, promo }: { reply: CommentData; answers: string | null; sectionUuid: string; containerUuid: string; promo: string | null }) {
  const t = useT();
  const focus = useFocusTarget(reply.content_uuid);
  return (
    <li {...focus}>
      {answers ? <p className="vf-replying-to">{t('conversations.replyingTo', { name: answers })}</p> : null}
      <Comment comment={reply} sectionUuid={sectionUuid} containerUuid={containerUuid} />
      <HeldNotice comment={reply} />
      {promo ? <PromoSlot name={promo} /> : null}
    </li>
  );
}

export function Replies({ thread, sectionUuid, containerUuid, pageSize, promoEvery = 0, promoPrefix = 'reply-promo' }: RepliesProps) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const more = useThreadRepliesInfiniteQuery(
    { sectionUuid, containerUuid, threadUuid: thread.content_uuid, limit: pageSize },
    { skip: !expanded },
  );
  const loaded = more.data?.pages.flatMap((page) => page.contents) ?? [];
  const replies = merge(thread.replies ?? [], loaded);
  const hidden = Math.max(0, thread.total_replies - replies.length);
  const canLoadMore = hidden > 0 && (!expanded || more.hasNextPage || more.isFetching);
  const names = new Map([thread, ...replies].map((c) => [c.content_uuid, c.actor.name]));

  if (replies.length === 0 && hidden === 0) return null;

  return (
    <div className="vf-replies">
      {replies.length > 0 ? (
        <ol className="vf-list vf-list--replies" aria-label={t('conversations.replies.label', { name: thread.actor.name })}>
          {replies.map((reply, i) => (
            <Reply
              promo={promoEvery > 0 && (i + 1) % promoEvery === 0 && i + 1 < replies.length ? `${promoPrefix}-${(i + 1) / promoEvery}` : null}
              key={reply.content_uuid}
              reply={reply}
              // Only a reply to another reply says whom it answers; a parent not loaded is left out.
              answers={reply.parent_uuid && reply.parent_uuid !== thread.content_uuid ? names.get(reply.parent_uuid) ?? null : null}
              sectionUuid={sectionUuid}
              containerUuid={containerUuid}
            />
          ))}
        </ol>
      ) : null}
      {canLoadMore ? (
        <Button
          variant="ghost"
          className="vf-replies__more"
          busy={more.isFetching}
          onClick={() => (expanded ? void more.fetchNextPage() : setExpanded(true))}
        >
          {t('conversations.replies.more', { count: hidden })}
        </Button>
      ) : null}
      {more.isError ? <p className="vf-error" role="alert">{t('conversations.error.replies')}</p> : null}
    </div>
  );
}
