/**
 * <vf-conversation-starter>: a prompt card ("What do you think?") that invites readers to the
 * conversation at `target`, shown once that conversation has at least the minimum number of
 * comments. "Join the conversation" scrolls there and focuses its compose box. The loader keeps
 * the element invisible until it enters the viewport and loads it within 500 px or after 10 s.
 * With ads on, the site's conversation_starter ad goes below the prompt.
 */
import { useId } from 'react';
import { clampSetting } from '../../core/settings/clamp.ts';
import { selectCurrentUser } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { findConversation, goToConversation } from '../ui/conversationTarget.ts';
import { useHostEvent } from '../ui/hostEvents.ts';
import { useHostState } from '../ui/useHostState.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useContainerSubscription } from '../ui/useContainerSubscription.ts';
import { useT } from '../ui/useIntl.ts';
import { useWidgetContainer } from '../ui/useWidgetContainer.ts';
import { useHasConversation } from '../ui/useHasConversation.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { SurfaceAd } from '../ui/SurfaceAd.tsx';
import { MINIMUM_COMMENTS, starterShows } from './starterRules.ts';

export interface ConversationStarterProps {
  /** `target`: id or CSS selector of the `<vf-conversations>` to invite to. */
  target?: string;
  /** `title`: the prompt. */
  title?: string;
  /** `description`: a line under the prompt. */
  description?: string;
  /** `minimum-comment-count`: shown from this many comments on (5); read as a string. */
  minimumCommentCount?: string;
  /** `vf-container-id`: the container's public id. */
  vfContainerId?: string;
}

export function ConversationStarter({ target, title, description, minimumCommentCount, vfContainerId }: ConversationStarterProps) {
  const t = useT();
  const emit = useHostEvent();
  const headingId = useId();
  const user = useAppSelector(selectCurrentUser);
  const { sessionFailed, query } = useWidgetContainer(vfContainerId, target);
  const hasConversation = useHasConversation(target);
  const container = query.data;
  useContainerSubscription(container?.content_container_uuid);

  const failed = sessionFailed || query.isError;
  const shows = !!container && starterShows(container, user, clampSetting(minimumCommentCount, MINIMUM_COMMENTS));
  useHostState(failed ? 'error' : !container ? 'loading' : shows ? 'ready' : 'empty');

  if (failed) {
    return (
      <ErrorState
        message={t('conversations.starter.error')}
        onRetry={sessionFailed ? undefined : () => void query.refetch()}
      />
    );
  }
  if (!container) return <Skeleton lines={2} label={t('conversations.starter.loading')} />;
  if (!shows) return null;

  const conversation = hasConversation;
  const join = () => {
    const found = goToConversation(findConversation(target), { compose: true });
    emit('vf-conversation-starter-activated', { found });
  };
  const count = container.total_visible_content;
  return (
    <section className="vf-starter" part="base" aria-labelledby={headingId}>
      <h2 id={headingId} className="vf-starter__title" part="title">
        {title?.trim() || t('conversations.starter.title')}
      </h2>
      {description?.trim() ? (
        <p className="vf-starter__description" part="description">
          {description.trim()}
        </p>
      ) : null}
      {count > 0 ? (
        <p className="vf-starter__count" part="count">
          {t('base.count.comments', { count })}
        </p>
      ) : null}
      {conversation ? (
        <Button variant="primary" part="button" onClick={join}>
          {t('conversations.starter.join')}
        </Button>
      ) : null}
      {/* The conversation_starter surface's ad, below the prompt (docs/ads.md "Surfaces"). */}
      <SurfaceAd surface="conversation_starter" slotName="starter-ad" />
    </section>
  );
}
