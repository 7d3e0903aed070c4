/**
 * Who wrote an item and when: avatar, name, the editor's role where the item carries one
 * (live-blog posts: `actor.role`), the relative time, then any marks the caller adds (Pinned,
 * edited…). The avatar is decorative: the name is always shown beside it.
 */
import type { ReactNode } from 'react';
import type { Actor } from '../../core/api/types.ts';
import { Avatar } from './Avatar.tsx';
import { RelativeTime } from './RelativeTime.tsx';
import { useT } from './useIntl.ts';

export interface AuthorLineProps {
  actor: Actor;
  time: number;
  children?: ReactNode;
}

export function AuthorLine({ actor, time, children }: AuthorLineProps) {
  const t = useT();
  return (
    <header className="vf-author-line">
      <Avatar name={actor.name} src={actor.pic_small} seed={actor.uuid} />
      <span className="vf-author-line__name" part="author">
        {actor.name}
      </span>
      {actor.role === 'moderator' || actor.role === 'admin' ? (
        <span className="vf-badge vf-author-line__role" part="role">
          {t(`conversations.liveblog.role.${actor.role}`)}
        </span>
      ) : null}
      <span className="vf-author-line__time">
        <RelativeTime time={time} />
      </span>
      {children}
    </header>
  );
}
