/**
 * The site's top users (<vf-users> and the tray's community view; content.md §9: 5 shown of 6
 * fetched, the sixth only tells that there are more): avatar, name, comments and likes received
 * in the window, and Follow / Following (a guest is asked to log in; not shown on the reader's
 * own entry), and a "More actions" menu to report the reader's name or picture as illegal (DSA
 * Art. 16; anyone, guests too). Following goes through the v2 follows call (core/api/profiles.ts),
 * which refreshes this list.
 */
import { useTopUsersQuery } from '../../core/api/community.ts';
import { profilesApi } from '../../core/api/profiles.ts';
import type { TopUser } from '../../core/api/types.ts';
import { isLoggedInUser, selectCurrentUser } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { CommentMenu } from '../ui/CommentMenu.tsx';
import { useProfileNotice } from '../ui/notice/useNoticeMenu.tsx';
import { FollowFailed, FollowToggle, useFollowAction } from '../ui/FollowToggle.tsx';
import { useHostEvent } from '../ui/hostEvents.ts';
import { useT } from '../ui/useIntl.ts';
import { useMayFetch } from './CommentList.tsx';
import { CommunitySection } from './ListStates.tsx';

export const TOP_USERS_SHOWN = 5;
export const TOP_USERS_FETCHED = 6;

/** Detail of `vf-user-followed` / `vf-user-unfollowed`. */
export interface UserFollowDetail {
  uuid: string;
  name: string;
}

function Follow({ user }: { user: TopUser }) {
  const t = useT();
  const emit = useHostEvent();
  const { busy, failed, act } = useFollowAction();
  const following = user.date_following != null;
  const toggle = () => {
    const endpoint = profilesApi.endpoints[following ? 'unfollow' : 'follow'];
    act(
      'user.follow',
      () => endpoint.initiate({ uuid: user.uuid }),
      () => emit<UserFollowDetail>(following ? 'vf-user-unfollowed' : 'vf-user-followed', { uuid: user.uuid, name: user.name }),
    );
  };
  return (
    <>
      <FollowToggle pressed={following} label={t(following ? 'base.follow.following' : 'base.follow.follow')} name={user.name} busy={busy} onToggle={toggle} />
      {failed && <FollowFailed />}
    </>
  );
}

/** Report the reader's name or picture as illegal content (docs/law.md "Notices of illegal content"). */
function ProfileMenu({ user }: { user: TopUser }) {
  const t = useT();
  const legalNotice = useProfileNotice(user);
  return (
    <>
      <CommentMenu label={t('base.notice.profileMenu', { name: user.name })} items={legalNotice.items} />
      {legalNotice.dialog}
    </>
  );
}

export function TopUsers({ days, headingLevel = 2 }: { days?: number; headingLevel?: 2 | 3 }) {
  const t = useT();
  const me = useAppSelector(selectCurrentUser);
  const myUuid = isLoggedInUser(me) ? me.uuid : null;
  const query = useTopUsersQuery({ limit: TOP_USERS_FETCHED, days }, { skip: !useMayFetch() });
  return (
    <CommunitySection
      title={t('base.community.users.title')}
      headingLevel={headingLevel}
      query={query}
      placeholderLines={TOP_USERS_SHOWN * 2}
      loadingLabel={t('base.community.users.loading')}
      errorText={t('base.community.users.error')}
      emptyText={t('base.community.users.empty')}
      isEmpty={(users) => users.length === 0}
    >
      {(users) => (
        <>
          <ol className="vf-community__list" part="list">
            {users.slice(0, TOP_USERS_SHOWN).map((user) => (
              <li key={user.uuid} className="vf-community__user" part="user">
                <Avatar name={user.name} src={user.pic_small} seed={user.uuid} />
                <span className="vf-community__user-text">
                  <span className="vf-community__name" part="name">{user.name}</span>
                  <span className="vf-community__counters" part="counters">
                    {t('base.community.users.counters', { comments: user.comments, likes: user.likes_received })}
                  </span>
                </span>
                {user.uuid === myUuid ? null : <Follow user={user} />}
                <ProfileMenu user={user} />
              </li>
            ))}
          </ol>
          {users.length > TOP_USERS_SHOWN ? (
            <p className="vf-community__more" part="more">
              {t('base.community.users.more')}
            </p>
          ) : null}
        </>
      )}
    </CommunitySection>
  );
}
