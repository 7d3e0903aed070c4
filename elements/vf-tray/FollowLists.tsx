/**
 * The tray profile's follow lists (content.md §3 "Follow item"; docs/notifications.md): the
 * topics, people and pages the signed-in reader follows, each with Unfollow, and who follows
 * them. Each list loads on its own, with its loading, empty and error (Retry) states. Unfollowing
 * a topic is optimistic (core/api/subscriptions.ts); a person goes through the v2 follows call
 * (core/api/profiles.ts), which refreshes these lists; a page through its subscription call.
 */
import { useId, useState, type ReactNode } from 'react';
import { profilesApi } from '../../core/api/profiles.ts';
import {
  subscriptionsApi, useMyPagesQuery, useMyTopicsQuery, useSubscribersQuery, useSubscriptionsQuery, type ListArgs,
} from '../../core/api/subscriptions.ts';
import type { FollowItem } from '../../core/api/notificationTypes.ts';
import type { User } from '../../core/api/types.ts';
import { selectSectionUuid } from '../../core/session/slice.ts';
import type { RootState } from '../../core/store/index.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { Avatar } from '../ui/Avatar.tsx';
import { Button } from '../ui/Button.tsx';
import { FollowFailed, FollowLoadError } from '../ui/FollowToggle.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { useRunMutation } from '../ui/useRunMutation.ts';

interface ListState<T> {
  currentData?: T[];
  isError: boolean;
  refetch(): unknown;
}

/** One list: its heading, then loading, error, empty or its items. */
function FollowSection<T>({ title, list, empty, children }: { title: string; list: ListState<T>; empty: string; children(items: T[]): ReactNode }) {
  const t = useT();
  const id = useId();
  let body: ReactNode;
  if (list.isError) body = <FollowLoadError onRetry={() => void list.refetch()} />;
  else if (!list.currentData) body = <Skeleton lines={2} label={t('base.follow.loading')} />;
  else if (list.currentData.length === 0) body = <p className="vf-follows__empty" part="empty">{empty}</p>;
  else body = <ul className="vf-follows__list">{children(list.currentData)}</ul>;
  return (
    <section className="vf-follows__section" aria-labelledby={id}>
      <h3 id={id} className="vf-follows__title">{title}</h3>
      {body}
    </section>
  );
}

type MutationStart = ThunkAction<{ unwrap(): Promise<unknown>; reset(): void }, RootState, unknown, UnknownAction>;

/** "Unfollow", named for screen readers ("Unfollow Politics"); a failure says so under it. */
function Unfollow({ name, start }: { name: string; start: () => MutationStart }) {
  const t = useT();
  const [busy, run] = useRunMutation();
  const [failed, setFailed] = useState(false);
  const unfollow = () => {
    setFailed(false);
    run(start()).catch(() => setFailed(true));
  };
  return (
    <>
      <Button busy={busy} aria-label={t('base.follow.lists.unfollowName', { name })} onClick={unfollow}>
        {t('base.follow.lists.unfollow')}
      </Button>
      {failed && <FollowFailed />}
    </>
  );
}

function Person({ item, children }: { item: FollowItem; children?: ReactNode }) {
  return (
    <li className="vf-follows__item">
      <Avatar name={item.name} src={item.pic_small} seed={item.user_uuid} />
      <span className="vf-follows__name">{item.name}</span>
      {children}
    </li>
  );
}

function Lists({ args }: { args: ListArgs }) {
  const t = useT();
  const topics = useMyTopicsQuery(args);
  const following = useSubscriptionsQuery(args);
  const followers = useSubscribersQuery(args);
  const pages = useMyPagesQuery(args);
  const { sectionUuid } = args;
  return (
    <div className="vf-follows" part="follows">
      <FollowSection title={t('base.follow.lists.topics')} list={topics} empty={t('base.follow.lists.noTopics')}>
        {(items) => items.map((topic) => (
          <li key={topic.topic_id} className="vf-follows__item">
            <span className="vf-follows__name">{topic.topic_name}</span>
            <Unfollow name={topic.topic_name} start={() => subscriptionsApi.endpoints.unfollowTopic.initiate({ sectionUuid, topic })} />
          </li>
        ))}
      </FollowSection>
      <FollowSection title={t('base.follow.lists.following')} list={{ ...following, currentData: following.currentData?.items }} empty={t('base.follow.lists.noFollowing')}>
        {(items) => items.map((item) => (
          <Person key={item.user_uuid} item={item}>
            <Unfollow name={item.name} start={() => profilesApi.endpoints.unfollow.initiate({ uuid: item.user_uuid })} />
          </Person>
        ))}
      </FollowSection>
      <FollowSection title={t('base.follow.lists.followers')} list={{ ...followers, currentData: followers.currentData?.items }} empty={t('base.follow.lists.noFollowers')}>
        {(items) => items.map((item) => <Person key={item.user_uuid} item={item} />)}
      </FollowSection>
      <FollowSection title={t('base.follow.lists.pages')} list={pages} empty={t('base.follow.lists.noPages')}>
        {(items) => items.map((page) => (
          <li key={page.page_uuid} className="vf-follows__item">
            <a className="vf-follows__name" href={page.url}>{page.title || page.url}</a>
            <Unfollow
              name={page.title || page.url}
              start={() => subscriptionsApi.endpoints.setPageSubscription.initiate({ sectionUuid, pageUuid: page.page_uuid, subscribed: false })}
            />
          </li>
        ))}
      </FollowSection>
    </div>
  );
}

export function FollowLists({ user }: { user: User }) {
  const sectionUuid = useAppSelector(selectSectionUuid);
  if (!sectionUuid) return null;
  return <Lists args={{ sectionUuid, userUuid: user.uuid }} />;
}
