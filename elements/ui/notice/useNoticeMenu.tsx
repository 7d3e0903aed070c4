/**
 * "Report illegal content" for an item's "More actions" menu, and for a reader's name and picture
 * (docs/law.md "Notices of illegal content"): the menu entries, and the dialog they open. Anyone
 * may send a notice, guests too, so the entry does not depend on who is reading — except the
 * author, who is not offered a notice about their own item — and the server's first paint for a
 * guest shows the same menu the browser renders. The dialog is a chunk of its own, fetched when
 * first opened. The ordinary "Report" (a flag) stays beside it: `besideReport`.
 *
 * The author of a rejected or held item gets "Appeal this decision" instead: the statement of
 * reasons about it with its appeal form (DSA Art. 17, 20), in a dialog of its own chunk.
 */
import { useState, type ReactNode } from 'react';
import type { NoticeTarget } from '../../../core/api/notices.ts';
import type { MenuItem } from '../CommentMenu.tsx';
import { lazyChunk } from '../lazyChunk.tsx';
import { useT } from '../useIntl.ts';
import { useViewer } from '../usePermission.ts';
import type { NoticeDialogProps } from './NoticeDialog.tsx';

const LazyNoticeDialog = lazyChunk(() => import('./NoticeDialog.tsx').then((module) => module.NoticeDialog));
const LazyAppealDialog = lazyChunk(() => import('./AppealDialog.tsx').then((module) => module.AppealDialog));

/** States of an item that a decision about its author may have put it in (rejected, or held by automatic moderation). */
const APPEALABLE_STATES: ReadonlySet<string> = new Set(['disabled', 'spam', 'awaiting_moderation']);

/** What an item is, in the dialog's words ("A chat message by Ana"). */
export type NoticeSubjectKind = 'comment' | 'reply' | 'liveblogReply' | 'message' | 'review';

/** The fields of a comment, reply, chat message or review that a notice needs. */
export interface ReportableItem {
  content_uuid: string;
  actor_uuid: string;
  actor: { name: string };
  state: string;
  content?: string | null;
}

export interface NoticeMenu {
  /** The entries to add to the item's menu (none for one's own item or a removed one). */
  items: MenuItem[];
  /** The open dialog, to render beside the menu; null while closed. */
  dialog: ReactNode;
}

type OpenNotice = Omit<NoticeDialogProps, 'onClose'>;

function useNoticeDialog() {
  const [open, setOpen] = useState<OpenNotice | null>(null);
  const dialog = open ? <LazyNoticeDialog {...open} onClose={() => setOpen(null)} /> : null;
  return { open: setOpen, dialog };
}

function useIsMe(userUuid: string): boolean {
  const { user, loggedIn } = useViewer();
  return loggedIn && user?.uuid === userUuid;
}

/** The notice entry of a comment, reply, live-blog reply, chat message or review; the appeal entry on one's own restricted item. */
export function useContentNotice(item: ReportableItem, kind: NoticeSubjectKind): NoticeMenu {
  const t = useT();
  const own = useIsMe(item.actor_uuid);
  const { open, dialog } = useNoticeDialog();
  const [appealing, setAppealing] = useState(false);
  const items: MenuItem[] = [];
  if (!own && item.state !== 'deleted') {
    const target: NoticeTarget = { type: 'content', uuid: item.content_uuid };
    const subject = t(`base.notice.subject.${kind}`, { name: item.actor.name });
    items.push({ id: 'notice', label: t('base.notice.entry'), onSelect: () => open({ target, subject, excerpt: item.content ?? undefined }) });
  }
  if (own && APPEALABLE_STATES.has(item.state)) {
    items.push({ id: 'appeal', label: t('base.notice.appealEntry'), onSelect: () => setAppealing(true) });
  }
  const appeal = appealing ? <LazyAppealDialog contentUuid={item.content_uuid} onClose={() => setAppealing(false)} /> : null;
  return { items, dialog: dialog ?? appeal };
}

/** The notice entries of a reader's profile: their name, and their picture when they have one. */
export function useProfileNotice(user: { uuid: string; name: string; pic_small: string | null }): NoticeMenu {
  const t = useT();
  const own = useIsMe(user.uuid);
  const { open, dialog } = useNoticeDialog();
  const items: MenuItem[] = [];
  if (!own) {
    items.push({
      id: 'notice-name',
      label: t('base.notice.entryName'),
      onSelect: () => open({ target: { type: 'profile_name', user_uuid: user.uuid }, subject: t('base.notice.subject.profileName', { name: user.name }) }),
    });
    if (user.pic_small) {
      items.push({
        id: 'notice-picture',
        label: t('base.notice.entryPicture'),
        onSelect: () => open({ target: { type: 'profile_picture', user_uuid: user.uuid }, subject: t('base.notice.subject.profilePicture', { name: user.name }) }),
      });
    }
  }
  return { items, dialog };
}

/** The menu with the notice entries right after the ordinary Report (or last, where there is none). */
export function besideReport(items: MenuItem[], notice: MenuItem[]): MenuItem[] {
  const report = items.findIndex((item) => item.id === 'flag' || item.id === 'unflag');
  const at = report === -1 ? items.length : report + 1;
  return [...items.slice(0, at), ...notice, ...items.slice(at)];
}
