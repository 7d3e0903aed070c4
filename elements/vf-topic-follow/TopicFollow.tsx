/**
 * <vf-topic-follow>: Follow / Following for one topic (content.md §2 "topic follow"), with the
 * topic's follower count when `show-count` is set and the count reaches `minimum-count`.
 * Following is optimistic (core/api/subscriptions.ts); a guest is asked to log in and the follow
 * happens once they have. Without `topic-id` it renders nothing and warns once.
 */
import { subscriptionsApi, useMyTopicsQuery, useTopicCountQuery, type TopicInput } from '../../core/api/subscriptions.ts';
import { clampSetting, MINIMUM_COUNT } from '../../core/settings/clamp.ts';
import { isLoggedInUser, selectCurrentUser, selectSectionUuid, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { FollowFailed, FollowLoadError, FollowLoading, FollowOffline, FollowToggle, useFollowAction } from '../ui/FollowToggle.tsx';
import { useHostEvent } from '../ui/hostEvents.ts';
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { ViewerProvider } from '../ui/usePermission.ts';
import { useRequiredAttribute } from '../ui/useRequiredAttribute.ts';
import { useT } from '../ui/useIntl.ts';

export interface TopicFollowProps {
  /** `topic-id` (required): the topic's id. */
  topicId?: string;
  /** `topic-name`: the name shown in follow lists (default: the id). */
  topicName?: string;
  /** `topic-type` (default `topic`). */
  topicType?: string;
  /** `show-count`: show the topic's follower count. */
  showCount?: boolean;
  /** `minimum-count`: the count shows only from this number on (integer ≥ 0, default 0). */
  minimumCount?: number;
}

export interface TopicFollowDetail {
  topicId: string;
  topicName: string;
  topicType: string;
}

function Count({ sectionUuid, topicId, minimum }: { sectionUuid: string; topicId: string; minimum: number }) {
  const t = useT();
  const { data: count } = useTopicCountQuery({ sectionUuid, topicId });
  if (count === undefined || count < minimum) return null;
  return (
    <span className="vf-follow__count" part="count">
      {t('base.follow.followers', { count })}
    </span>
  );
}

function Topic({ sectionUuid, topic, showCount, minimum }: { sectionUuid: string; topic: TopicInput; showCount: boolean; minimum: number }) {
  const t = useT();
  const emit = useHostEvent();
  const user = useAppSelector(selectCurrentUser);
  const userUuid = isLoggedInUser(user) ? user.uuid : null;
  const topics = useMyTopicsQuery({ sectionUuid, userUuid });
  const { busy, failed, act } = useFollowAction();

  if (topics.isError) return <FollowLoadError onRetry={() => void topics.refetch()} />;
  if (!topics.currentData) return <FollowLoading />;
  const following = topics.currentData.some((item) => item.topic_id === topic.topic_id);
  const detail: TopicFollowDetail = { topicId: topic.topic_id, topicName: topic.topic_name, topicType: topic.topic_type };
  const toggle = () => {
    const endpoint = subscriptionsApi.endpoints[following ? 'unfollowTopic' : 'followTopic'];
    act(
      'topic.follow',
      () => endpoint.initiate({ sectionUuid, topic }),
      () => emit<TopicFollowDetail>(following ? 'vf-topic-unfollowed' : 'vf-topic-followed', detail),
    );
  };
  return (
    <div className="vf-follow" part="base">
      <FollowToggle
        pressed={following}
        label={t(following ? 'base.follow.following' : 'base.follow.follow')}
        name={topic.topic_name}
        busy={busy}
        onToggle={toggle}
      />
      {showCount && <Count sectionUuid={sectionUuid} topicId={topic.topic_id} minimum={minimum} />}
      {failed && <FollowFailed />}
      <FollowOffline />
    </div>
  );
}

export function TopicFollow({ topicId, topicName, topicType, showCount, minimumCount }: TopicFollowProps) {
  const status = useAppSelector(selectSessionStatus);
  const sectionUuid = useAppSelector(selectSectionUuid);
  const id = useRequiredAttribute(topicId, 'topic-id');

  if (!id) return null;
  if (status !== 'ready' || !sectionUuid) return <FollowLoading />;
  const topic: TopicInput = { topic_id: id, topic_name: topicName?.trim() || id, topic_type: topicType?.trim() || 'topic' };
  return (
    <ViewerProvider>
      <LoginPromptProvider>
        <Topic sectionUuid={sectionUuid} topic={topic} showCount={!!showCount} minimum={clampSetting(minimumCount, MINIMUM_COUNT)} />
      </LoginPromptProvider>
    </ViewerProvider>
  );
}
