/**
 * <vf-pull-quote>: one comment of the page's conversation, quoted — the most liked, the most
 * replied to, or the newest editor's pick — cut at `max-characters` on a word boundary, with its
 * author and a button to the conversation. Shows nothing when there is nothing to quote.
 */
import { useId } from 'react';
import { useCommentsInfiniteQuery } from '../../core/api/comments.ts';
import { clampSetting } from '../../core/settings/clamp.ts';
import { selectCurrentUser } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { findConversation, goToConversation } from '../ui/conversationTarget.ts';
import { useHostEvent } from '../ui/hostEvents.ts';
import { useHostState } from '../ui/useHostState.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { useWidgetContainer } from '../ui/useWidgetContainer.ts';
import { useHasConversation } from '../ui/useHasConversation.ts';
import { cutQuote, MAX_CHARACTERS, quotable, quoteType } from './quoteText.ts';
import { quoteHidden, quoteListArgs } from './firstPage.ts';

export interface PullQuoteProps {
  /** `type`: likes | replies | editors_pick (likes). */
  type?: string;
  /** `max-characters`: the quote's length limit, 1–10000 (150). */
  maxCharacters?: number;
  /** `title`: the heading; default names the type ("Most liked comment"). */
  title?: string;
  /** `vf-container-id`: the container's public id. */
  vfContainerId?: string;
  /** `target`: id or selector of the `<vf-conversations>` the button goes to. */
  target?: string;
}

export function PullQuote({ type, maxCharacters, title, vfContainerId, target }: PullQuoteProps) {
  const t = useT();
  const emit = useHostEvent();
  const headingId = useId();
  const kind = quoteType(type);
  const max = clampSetting(maxCharacters, MAX_CHARACTERS);
  const { sessionFailed, sectionUuid, query: container } = useWidgetContainer(vfContainerId, target);
  const user = useAppSelector(selectCurrentUser);
  const containerUuid = container.data?.content_container_uuid;
  const hidden = quoteHidden(container.data, user);
  const hasConversation = useHasConversation(target);
  const list = useCommentsInfiniteQuery(quoteListArgs(sectionUuid ?? '', containerUuid ?? '', type), {
    skip: !containerUuid || !sectionUuid || hidden,
  });

  const failed = sessionFailed || container.isError || (list.isError && !hidden);
  const comment = list.data && !hidden ? quotable(list.data.pages[0]?.contents[0], kind) : null;
  const empty = hidden || (!!list.data && !comment);
  useHostState(failed ? 'error' : empty ? 'empty' : comment ? 'ready' : 'loading');
  if (!failed && empty) return null; // nothing to quote: the element takes no space

  const retry = () => void (container.isError ? container.refetch() : list.refetch());
  let body;
  if (failed) {
    body = (
      <div className="vf-quote__state" part="error" role="alert">
        <p>{t('quote.error')}</p>
        {sessionFailed ? null : <Button onClick={retry}>{t('quote.retry')}</Button>}
      </div>
    );
  } else if (!comment) {
    body = <Skeleton lines={3} label={t('quote.loading')} />;
  } else {
    const quoted = comment;
    const go = () => {
      const found = goToConversation(findConversation(target), { compose: false });
      emit('vf-pull-quote-activated', { contentUuid: quoted.content_uuid, found });
    };
    body = (
      <figure className="vf-quote__figure">
        <blockquote className="vf-quote__text" part="quote" data-uuid={comment.content_uuid}>
          <p>{cutQuote(comment.content, max)}</p>
        </blockquote>
        <figcaption className="vf-quote__author" part="author">
          {t('quote.attribution', { name: comment.actor.name })}
        </figcaption>
        {hasConversation ? (
          <Button variant="ghost" className="vf-quote__go" part="link" onClick={go}>
            {t('quote.readMore')}
          </Button>
        ) : null}
      </figure>
    );
  }

  return (
    <section className="vf-quote" part="base" aria-labelledby={headingId}>
      <h2 id={headingId} className="vf-quote__title" part="title">
        {title?.trim() || t(`quote.heading.${kind}`)}
      </h2>
      {body}
    </section>
  );
}
