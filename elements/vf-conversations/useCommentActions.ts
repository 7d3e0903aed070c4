/**
 * The "More actions" of one comment, as the rule table allows them for this viewer (spec
 * content.md §4–§6): Report for readers, Edit / Remove for the author inside the edit window,
 * Mute of the author, and for moderators the moderation states, pin, pick, remove and ban.
 * A failed action leaves the comment as it was and shows a message in the comment.
 */
import { useState } from 'react';
import type { CommentToggle, ModerationAction } from '../../core/api/commentActions.ts';
import { commentQueriesApi } from '../../core/api/commentQueries.ts';
import type { Comment } from '../../core/api/types.ts';
import type { ContentTarget } from '../../core/permissions/index.ts';
import type { RootState } from '../../core/store/index.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { useT } from '../ui/useIntl.ts';
import { useRunMutation } from '../ui/useRunMutation.ts';
import type { MenuItem } from '../ui/CommentMenu.tsx';
import { useGuestGate } from '../ui/useGuestGate.ts';
import { useMuteAuthor } from './useMuteAuthor.ts';
import { usePermission, useViewer } from '../ui/usePermission.ts';

/** Reporting and moderating: endpoints of their own (a chunk), fetched on the first such action. */
const actionsApi = () => import('../../core/api/commentActions.ts').then((module) => module.commentActionsApi);

/** Whether the cached container (by uuid) is closed to new contributions. */
function selectContainerClosed(state: RootState, containerUuid: string): boolean {
  const util = commentQueriesApi.util;
  for (const args of util.selectCachedArgsForQuery(state, 'container')) {
    const data = commentQueriesApi.endpoints.container.select(args)(state).data;
    if (data?.content_container_uuid === containerUuid) return data.settings.is_closed;
  }
  return false;
}

/** The comment as the rule table reads it (edit window, closed container, state, pick). */
export function useContentTarget(comment: Comment): ContentTarget {
  const closed = useAppSelector((state) => selectContainerClosed(state, comment.content_container_uuid));
  return {
    actor_uuid: comment.actor_uuid,
    state: comment.state,
    is_picked: comment.is_picked,
    date_created: comment.date_created,
    date_locked: comment.date_locked ?? null,
    is_closed: closed,
  };
}

/** Which moderation moves make sense from each state (a removed comment has none). */
const MODERATION: Record<Comment['state'], ModerationAction[]> = {
  visible: ['disable', 'spam'],
  disabled: ['enable', 'spam'],
  hidden: ['enable', 'disable'],
  awaiting_moderation: ['enable', 'disable', 'spam'],
  spam: ['unspam'],
  deleted: [],
};

export interface CommentActionHandlers {
  edit(): void;
  remove(): void;
  ban(): void;
}

export function useCommentActions(comment: Comment, sectionUuid: string, handlers: CommentActionHandlers) {
  const t = useT();
  const target = useContentTarget(comment);
  const guest = useGuestGate('content.flag');
  const flag = usePermission('content', 'flag', target);
  const update = usePermission('comment', 'update', target);
  const remove = usePermission('comment', 'remove', target);
  const moderate = usePermission('comment', 'moderate');
  const mute = useMuteAuthor(comment);
  const viewer = useViewer().user;
  const [mutating, runMutation] = useRunMutation();
  const [error, setError] = useState<string | null>(null);

  const ref = { sectionUuid, containerUuid: comment.content_container_uuid, contentUuid: comment.content_uuid };
  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch {
      setError(t('conversations.error.action'));
    }
  };
  const runToggle = (which: CommentToggle, on: boolean) =>
    void run(async () => runMutation((await actionsApi()).endpoints.toggleComment.initiate({ ...ref, toggle: which, on })));

  const removed = comment.state === 'deleted';
  const privileged = moderate.allowed;
  const own = comment.actor_uuid === viewer?.uuid;
  const items: MenuItem[] = [];
  const add = (id: string, label: string, onSelect: () => void) => items.push({ id, label, onSelect });

  if (!removed && (flag.allowed || flag.reason === 'login_required')) {
    const flagged = !!comment.actions.flagged;
    add(flagged ? 'unflag' : 'flag', t(flagged ? 'conversations.action.unflag' : 'conversations.action.flag'), () =>
      guest.requireLogin(() => runToggle('flag', !flagged)),
    );
  }
  if (update.allowed) add('edit', t('conversations.action.edit'), handlers.edit);
  if (!removed && (remove.allowed || privileged)) add('remove', t('conversations.action.remove'), handlers.remove);
  if (mute.allowed) add('mute', t('conversations.action.mute', { name: comment.actor.name }), () => void run(mute.mute));
  if (privileged && !removed) {
    // Approving a reported visible comment keeps it and clears its reports.
    const moves = comment.state === 'visible' && comment.total_flags ? ['enable' as const, ...MODERATION.visible] : MODERATION[comment.state];
    for (const action of moves) {
      const act = async () => runMutation((await actionsApi()).endpoints.moderateComment.initiate({ ...ref, action }));
      add(action, t(`conversations.action.${action}`), () => void run(act));
    }
    add(comment.is_pinned ? 'unpin' : 'pin', t(comment.is_pinned ? 'conversations.action.unpin' : 'conversations.action.pin'), () =>
      runToggle('pin', !comment.is_pinned),
    );
    add(comment.is_picked ? 'unpick' : 'pick', t(comment.is_picked ? 'conversations.action.unpick' : 'conversations.action.pick'), () =>
      runToggle('pick', !comment.is_picked),
    );
    if (!own) add('ban', t('conversations.action.ban', { name: comment.actor.name }), handlers.ban);
  }

  return { items, error, setError, busy: mutating || mute.busy };
}
