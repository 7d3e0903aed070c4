/**
 * <vf-poll>: one poll per `poll-id` on the site (docs/polls.md). Readers vote once and see the
 * results as the poll's rule allows; the counts move live (a polite status line says the new
 * total). Moderators create the poll here when there is none, and close or reopen it.
 */
import { useLayoutEffect, useState } from 'react';
import type { ApiError } from '../../core/api/errors.ts';
import { POLL_CLOSED, type Poll as PollData } from '../../core/api/pollTypes.ts';
import { pollsApi, usePollQuery, type PollArgs } from '../../core/api/polls.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { containerRules } from '../../core/realtime/subscriptionId.ts';
import { useRealtimeSubscription } from '../../core/realtime/useRealtimeSubscription.ts';
import { isLoggedInUser, selectCurrentUser, selectSectionUuid, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { useHost, useHostEvent } from '../ui/hostEvents.ts';
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { usePermission, ViewerProvider } from '../ui/usePermission.ts';
import { useRequiredAttribute } from '../ui/useRequiredAttribute.ts';
import { useRunMutation } from '../ui/useRunMutation.ts';
import { useT } from '../ui/useIntl.ts';
import { CreatePollForm, type NewPoll } from './CreatePollForm.tsx';
import { PollResults } from './PollResults.tsx';
import { questionId, VoteForm } from './VoteForm.tsx';

export interface PollProps {
  /** `poll-id` (required): the publisher's id for this poll, unique on the site. */
  pollId?: string;
  /** `post-uuid`: the live-blog post the poll sits in (set by <vf-liveblog>); a poll created here is attached to it. */
  postUuid?: string;
}

/** Detail of every vf-poll-* event. */
export interface PollEventDetail {
  pollId: string;
  pollUuid: string;
  /** vf-poll-voted: the options chosen. */
  options?: string[];
}

/** The words for a refused vote: the server's two 409s have their own. */
function voteFailure(t: ReturnType<typeof useT>, error: unknown): string {
  const { error_status, message } = (error ?? {}) as Partial<ApiError>;
  if (error_status === 409) return t(message === POLL_CLOSED ? 'polls.closed' : 'polls.alreadyVoted');
  return t('polls.error.vote');
}

function Status({ poll }: { poll: PollData }) {
  const t = useT();
  const seeResults = usePermission('polls', 'see_results');
  if (poll.results_visible) return null;
  let key = 'polls.resultsAfterVote';
  if (!seeResults.allowed) key = 'polls.loginToSeeResults';
  else if (poll.results_visibility === 'after_close') key = 'polls.resultsAfterClose';
  return <p className="vf-poll__notice" part="notice">{poll.my_vote ? `${t('polls.voted')} ${t(key)}` : t(key)}</p>;
}

function PollBody({ args, poll, onStale }: { args: PollArgs; poll: PollData; onStale(): void }) {
  const t = useT();
  const emit = useHostEvent();
  const manage = usePermission('polls', 'manage');
  const [busy, run] = useRunMutation();
  const [failure, setFailure] = useState<string | null>(null);
  useRealtimeSubscription(containerRules(poll.uuid));
  const detail = { pollId: poll.poll_id, pollUuid: poll.uuid };
  const vote = (options: string[]) => {
    setFailure(null);
    run(pollsApi.endpoints.vote.initiate({ ...args, pollUuid: poll.uuid, options })).then(
      () => emit<PollEventDetail>('vf-poll-voted', { ...detail, options }),
      (error: unknown) => {
        setFailure(voteFailure(t, error));
        // Voted elsewhere (another tab) or closed meanwhile: show the poll as it now is.
        if ((error as Partial<ApiError> | undefined)?.error_status === 409) onStale();
      },
    );
  };
  const setClosed = (closed: boolean) =>
    run(pollsApi.endpoints.setPollClosed.initiate({ ...args, pollUuid: poll.uuid, closed })).then(
      () => emit<PollEventDetail>(closed ? 'vf-poll-closed' : 'vf-poll-reopened', detail),
      () => setFailure(t('polls.error.change')),
    );
  const canVote = !poll.is_closed && poll.my_vote === null;
  return (
    <>
      {canVote ? <VoteForm poll={poll} busy={busy} failure={failure} onVote={vote} /> : <h2 id={questionId(poll)} className="vf-poll__question" part="question">{poll.question}</h2>}
      {poll.results_visible && <PollResults poll={poll} />}
      <Status poll={poll} />
      <p className="vf-poll__total" part="total" role="status">
        {poll.total_votes !== null && t('polls.votes', { count: poll.total_votes })}
      </p>
      <p className="vf-poll__closing" part="closing">
        {poll.is_closed ? t('polls.closed') : poll.closes_at !== null && t('polls.closesAt', { time: poll.closes_at })}
      </p>
      {!canVote && failure && <p className="vf-poll__notice vf-error" part="failed" role="alert">{failure}</p>}
      {manage.allowed && (
        <Button part="moderate" busy={busy} onClick={() => void setClosed(!poll.is_closed)}>
          {t(poll.is_closed ? 'polls.reopen' : 'polls.close')}
        </Button>
      )}
    </>
  );
}

/**
 * Once the poll (or its error, or "no poll") is on screen, the box a live-blog post reserved for
 * it (expectedHeight.ts) gives way to its content, before that frame is painted.
 */
function useShownOnHost(shown: boolean): void {
  const host = useHost();
  useLayoutEffect(() => {
    if (!shown || !host) return undefined;
    host.setAttribute('data-vf-shown', '');
    return () => host.removeAttribute('data-vf-shown');
  }, [shown, host]);
}

function PollView({ args, postUuid }: { args: PollArgs; postUuid: string | undefined }) {
  const t = useT();
  const emit = useHostEvent();
  const online = useAppSelector(selectIsOnline);
  const manage = usePermission('polls', 'manage');
  const query = usePollQuery(args);
  useShownOnHost(query.currentData !== undefined || query.isError);
  const [creating, run] = useRunMutation();
  const [createFailed, setCreateFailed] = useState(false);
  const create = (input: NewPoll) => {
    setCreateFailed(false);
    run(pollsApi.endpoints.createPoll.initiate({ ...args, input: postUuid ? { ...input, content_uuid: postUuid } : input })).then(
      (poll) => emit<PollEventDetail>('vf-poll-created', { pollId: poll.poll_id, pollUuid: poll.uuid }),
      () => setCreateFailed(true),
    );
  };
  let body;
  if (query.isError && query.currentData === undefined) {
    body = (
      <div className="vf-poll__error" part="error" role="alert">
        <p>{t('polls.error.load')}</p>
        <Button onClick={() => void query.refetch()}>{t('polls.retry')}</Button>
      </div>
    );
  } else if (query.currentData === undefined) body = <Skeleton lines={4} label={t('polls.loading')} />;
  else if (query.currentData === null) {
    body = manage.allowed ? <CreatePollForm busy={creating} failed={createFailed} onCreate={create} /> : <p className="vf-poll__empty" part="empty">{t('polls.empty')}</p>;
  } else body = <PollBody args={args} poll={query.currentData} onStale={() => void query.refetch()} />;
  const poll = query.currentData;
  // A region named by its question, so two polls on a page are told apart; without a question
  // (loading, no poll yet, an error) no region: those states say what they are.
  return (
    <section className="vf-poll" part="base" aria-labelledby={poll ? questionId(poll) : undefined}>
      {body}
      {!online && <p className="vf-poll__notice" part="offline" role="status">{t('polls.offline')}</p>}
    </section>
  );
}

export function Poll({ pollId, postUuid }: PollProps) {
  const status = useAppSelector(selectSessionStatus);
  const sectionUuid = useAppSelector(selectSectionUuid);
  const user = useAppSelector(selectCurrentUser);
  const t = useT();
  const id = useRequiredAttribute(pollId, 'poll-id');

  if (!id) return null;
  if (status !== 'ready' || !sectionUuid) return <Skeleton lines={4} label={t('polls.loading')} />;
  const args: PollArgs = { sectionUuid, pollId: id, userUuid: isLoggedInUser(user) ? user.uuid : null };
  return (
    <ViewerProvider>
      <LoginPromptProvider>
        <PollView args={args} postUuid={postUuid?.trim() || undefined} />
      </LoginPromptProvider>
    </ViewerProvider>
  );
}
