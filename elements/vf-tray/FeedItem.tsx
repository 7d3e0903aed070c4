/**
 * One group of the tray's feed: the newest actor's picture, "Ada and 3 others liked your
 * comment" (or a broadcast's title and text), the excerpt, when, and a Delete button. The text
 * links to the content on its page (`#vf-{uuid}` deep link) or to the broadcast's link;
 * following it marks the group read. New groups are bold with a dot, seen ones bold.
 */
import type { MouseEvent } from 'react';
import type { FeedGroupView } from '../../core/notifications/grouping.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Button } from '../ui/Button.tsx';
import { CloseIcon } from '../ui/CloseIcon.tsx';
import { RelativeTime } from '../ui/RelativeTime.tsx';
import { useT } from '../ui/useIntl.ts';

const TYPE_KEYS: Partial<Record<FeedGroupView['type'], string>> = {
  like: 'like',
  reply: 'reply',
  follow: 'follow',
  subscribed_user_content: 'userContent',
  subscribed_page_content: 'pageContent',
};

export interface FeedItemProps {
  group: FeedGroupView;
  /** The reader follows the link (or presses the text of a group without one). */
  onOpen(group: FeedGroupView, event: MouseEvent<HTMLElement>, url: string | null): void;
  onDelete(group: FeedGroupView): void;
}

export function FeedItem({ group, onOpen, onDelete }: FeedItemProps) {
  const t = useT();
  const actor = group.actors[0]!;
  const { broadcast } = group;
  const actors = t('base.tray.feed.actors', { name: actor.name, others: group.actors.length - 1 });
  const text = broadcast
    ? t('base.tray.feed.type.broadcast', { title: broadcast.target_title })
    : t(`base.tray.feed.type.${TYPE_KEYS[group.type] ?? 'other'}`, { actors });
  const excerpt = broadcast ? broadcast.target_description : group.content?.excerpt;
  const url = broadcast ? broadcast.target_url : (group.content?.url ?? null);
  const label = (
    <>
      {group.status !== 'read' && <span className="vf-visually-hidden">{t(`base.tray.feed.status.${group.status}`)} </span>}
      {text}
    </>
  );
  return (
    <li className="vf-feed-item" part="feed-item" data-status={group.status}>
      <Avatar name={actor.name} src={actor.pic_small} seed={actor.uuid} />
      <div className="vf-feed-item__body">
        {url ? (
          <a className="vf-feed-item__link" href={url} onClick={(event) => onOpen(group, event, url)}>
            {label}
          </a>
        ) : (
          <button type="button" className="vf-feed-item__link" onClick={(event) => onOpen(group, event, null)}>
            {label}
          </button>
        )}
        {excerpt ? <p className="vf-feed-item__excerpt">{excerpt}</p> : null}
        {broadcast?.target_image_url ? (
          <img className="vf-feed-item__image" src={broadcast.target_image_url} alt={broadcast.target_image_alt ?? ''} loading="lazy" />
        ) : null}
        <span className="vf-feed-item__time">
          <RelativeTime time={group.time} />
        </span>
      </div>
      {group.status === 'new' && <span className="vf-feed-item__dot" aria-hidden="true" />}
      <Button variant="ghost" className="vf-feed-item__delete" aria-label={t('base.tray.feed.delete', { text })} onClick={() => onDelete(group)}>
        <CloseIcon />
      </Button>
    </li>
  );
}
