/**
 * One group of the tray's feed: the newest actor's picture, "Ada and 3 others liked your
 * comment" (or a broadcast's title and text), the excerpt, when, and a Delete button. The text
 * links to the content on its page (`#vf-{uuid}` deep link) or to the broadcast's link;
 * following it marks the group read. New groups are bold with a dot, seen ones bold.
 *
 * The legal notifications (docs/law.md: a decision about my post, my notice decided, my appeal
 * decided) name no one and link nowhere: their text is a button that opens the statement in the
 * entry itself (StatementView, its own chunk) and marks the group read; Close gives the focus back.
 */
import { useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { LEGAL_NOTIFICATION_TYPES } from '../../core/api/notificationTypes.ts';
import type { FeedGroupView } from '../../core/notifications/grouping.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Button } from '../ui/Button.tsx';
import { CloseIcon } from '../ui/CloseIcon.tsx';
import { lazyChunk } from '../ui/lazyChunk.tsx';
import { RelativeTime } from '../ui/RelativeTime.tsx';
import { useT } from '../ui/useIntl.ts';

const TYPE_KEYS: Partial<Record<FeedGroupView['type'], string>> = {
  like: 'like',
  reply: 'reply',
  follow: 'follow',
  subscribed_user_content: 'userContent',
  subscribed_page_content: 'pageContent',
};

const LazyStatementView = lazyChunk(() => import('./StatementView.tsx').then((module) => module.StatementView), 4);

export interface FeedItemProps {
  group: FeedGroupView;
  /** The reader follows the link (or presses the text of a group without one). */
  onOpen(group: FeedGroupView, event: MouseEvent<HTMLElement>, url: string | null): void;
  onDelete(group: FeedGroupView): void;
}

export function FeedItem(props: FeedItemProps) {
  return LEGAL_NOTIFICATION_TYPES.has(props.group.type) ? <LegalFeedItem {...props} /> : <ActivityFeedItem {...props} />;
}

function ActivityFeedItem({ group, onOpen, onDelete }: FeedItemProps) {
  const t = useT();
  const actor = group.actors[0]!;
  const { broadcast } = group;
  const actors = t('base.tray.feed.actors', { name: actor.name, others: group.actors.length - 1 });
  const text = broadcast
    ? t('base.tray.feed.type.broadcast', { title: broadcast.target_title })
    : t(`base.tray.feed.type.${TYPE_KEYS[group.type] ?? 'other'}`, { actors });
  const excerpt = broadcast ? broadcast.target_description : group.content?.excerpt;
  const url = broadcast ? broadcast.target_url : (group.content?.url ?? null);
  const label = <StatusLabel group={group} text={text} />;
  return (
    <FeedEntry group={group} text={text} avatar={<Avatar name={actor.name} src={actor.pic_small} seed={actor.uuid} />} onDelete={onDelete}>
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
    </FeedEntry>
  );
}

function LegalFeedItem({ group, onOpen, onDelete }: FeedItemProps) {
  const t = useT();
  const regionId = `${useId()}-statement`;
  const toggle = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const text = t(`base.legal.feed.${group.type}`);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const statement = open ? (
    // The whole width of the entry, under its picture and its Delete button.
    <div id={regionId} className="vf-feed-item__statement" style={{ gridColumn: '1 / -1' }}>
      <LazyStatementView group={group} onClose={close} />
    </div>
  ) : null;
  return (
    <FeedEntry group={group} text={text} avatar={<Avatar name="§" seed="vf-legal" />} onDelete={onDelete} after={statement}>
      <button
        ref={toggle}
        type="button"
        className="vf-feed-item__link"
        aria-expanded={open}
        aria-controls={open ? regionId : undefined}
        onClick={(event) => {
          if (!open) onOpen(group, event, null);
          setOpen(!open);
        }}
      >
        <StatusLabel group={group} text={text} />
      </button>
      {group.content?.excerpt ? <p className="vf-feed-item__excerpt">{group.content.excerpt}</p> : null}
    </FeedEntry>
  );
}

function StatusLabel({ group, text }: { group: FeedGroupView; text: string }) {
  const t = useT();
  return (
    <>
      {group.status !== 'read' && <span className="vf-visually-hidden">{t(`base.tray.feed.status.${group.status}`)} </span>}
      {text}
    </>
  );
}

interface FeedEntryProps {
  group: FeedGroupView;
  text: string;
  avatar: ReactNode;
  onDelete(group: FeedGroupView): void;
  children: ReactNode;
  /** Shown under the entry's row (an opened statement). */
  after?: ReactNode;
}

function FeedEntry({ group, text, avatar, onDelete, children, after }: FeedEntryProps) {
  const t = useT();
  return (
    <li className="vf-feed-item" part="feed-item" data-status={group.status}>
      {avatar}
      <div className="vf-feed-item__body">
        {children}
        <span className="vf-feed-item__time">
          <RelativeTime time={group.time} />
        </span>
      </div>
      {group.status === 'new' && <span className="vf-feed-item__dot" aria-hidden="true" />}
      <Button variant="ghost" className="vf-feed-item__delete" aria-label={t('base.tray.feed.delete', { text })} onClick={() => onDelete(group)}>
        <CloseIcon />
      </Button>
      {after}
    </li>
  );
}
