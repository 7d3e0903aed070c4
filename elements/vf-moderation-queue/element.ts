import '../../core/api/moderationLive.ts';
import { ModerationQueue, type ModerationQueueProps } from './ModerationQueue.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * The site's moderation queues for its moderators and admins (docs/moderation.md "The element"):
 * tabs Pending, Reported, Unmoderated, Approved, Rejected, Names and pictures, Notices (of illegal
 * content) and Appeals with live counts;
 * every kind of content in one list (comments and replies, live-blog replies, chat messages,
 * reviews), each item with its text as the page shows it, its author (opens the user drawer: their
 * items, bans, staff notes, the trusted and always-premoderate switches), the page linking to the
 * item in place, kind, time, reports and why it is here (the word that held it marked). Filters by
 * kind, page, author and section, text search, newest or oldest first. Approve, reject, spam, pick
 * and ban the author, each undoable for 10 s; select many and approve or reject them at once. Keys
 * in the list: j/k move, a approve, r reject, s spam, x select, z undo, ? lists them. Live: new
 * pending and reported items wait behind "N new"; another moderator's decision removes the item at
 * once; an item decided first by someone else says "Already decided by NAME". A guest is asked to
 * log in; a reader is told only the site's moderators see it. Notices (docs/law.md): each with its
 * reference, kind, a trusted flagger's badge (theirs first), the reporter, their explanation, the
 * item in place and its history; Illegal (the legal ground chosen among the site's kinds, an
 * explanation) or Not illegal (optionally rejected under a rule of the terms). Appeals: the text,
 * the statement or notice appealed, Uphold or Reverse, by a moderator other than the one who took
 * the decision. Keys there: j/k move, i/n (notices) or u/r (appeals) open the decision's form.
 *
 * @summary Moderation queues for a site's moderators: every kind of content, live, with keys and undo.
 *
 * @attr {string} queue - The queue shown first: `pending` (default), `reported`, `unmoderated`,
 *   `approved`, `rejected`, `profiles`, `notices` or `appeals`. Anything else is `pending`.
 *
 * @fires {CustomEvent<{ decision: string, items: string[] }>} vf-moderation-decision - `{ decision, items }` when the
 *   moderator approves, rejects, marks as spam or picks items (their uuids) from the queue.
 *
 * @csspart base - The queue's region.
 * @csspart title - Its heading (the focus goes there after a login from its own Log in).
 * @csspart tabs - The queues' tab list.
 * @csspart tab - A queue's tab (`tab-selected` on the chosen one).
 * @csspart count - A tab's live count.
 * @csspart undo-bar - What just happened, and Undo.
 * @csspart notice - The polite status line (decisions, live changes).
 * @csspart alert - The alert line (a conflict, a failure).
 * @csspart undo - The Undo button (10 s after a decision).
 * @csspart panel - The chosen queue's panel.
 * @csspart filters - The filters form.
 * @csspart new-items - The "N new" button.
 * @csspart help - The button that lists the keys.
 * @csspart keys-dialog - The keys' dialog.
 * @csspart bulk - Select all on this page, and the actions on the selected items.
 * @csspart list - The items.
 * @csspart item - One item (`item-selected` when selected).
 * @csspart select - An item's checkbox.
 * @csspart author - An item's author (opens the user drawer).
 * @csspart page-link - The page's title, linking to the item in place.
 * @csspart kind - The item's kind.
 * @csspart state - The item's state.
 * @csspart mark - The word that held the item, marked in its text.
 * @csspart reason - Why the item is here.
 * @csspart reports - Its reports and their reasons.
 * @csspart history - The decisions on it.
 * @csspart actions - The item's actions.
 * @csspart action - One action button (`action-approve`, `action-reject`, `action-spam`, `action-pick`, `action-ban`;
 *   `action-illegal`, `action-not_illegal`, `action-uphold`, `action-reverse`).
 * @csspart legal-state - Notices and Appeals: show open or decided ones.
 * @csspart item-trusted - A trusted flagger's notice (with `item`).
 * @csspart reference - A notice's reference (its heading).
 * @csspart notice-kind - The kind of illegality the reporter named.
 * @csspart trusted - The trusted flagger's badge.
 * @csspart reporter - Who sent the notice.
 * @csspart explanation - The reporter's explanation.
 * @csspart legal-item - The item a notice or statement is about, in place.
 * @csspart excerpt - Its text, as the server kept it.
 * @csspart outcome - What was decided on a notice or an appeal, by whom.
 * @csspart decision-form - A notice's or an appeal's decision form (`decision-illegal`, `decision-not_illegal`, `decision-uphold`, `decision-reverse`).
 * @csspart decision-error - The server's refusal, in that form.
 * @csspart appellant - Who appeals (an appeal's heading).
 * @csspart appeal-state - An appeal's state.
 * @csspart appeal-text - The appeal's text.
 * @csspart subject - The statement or notice appealed.
 * @csspart blocked - Why the moderator who took the decision appealed may not decide the appeal.
 * @csspart single-moderator - The site's only moderator decided the appeal too.
 * @csspart drawer - The user drawer.
 * @csspart ban-dialog - The ban dialog.
 * @csspart guest - A guest's prompt to log in.
 * @csspart login - Its Log in button.
 * @csspart forbidden - "Only the site's moderators…" for anyone else.
 * @csspart empty - The queue is empty.
 * @csspart error - Loading failed: message and Retry.
 * @csspart offline - The offline notice.
 * @csspart skeleton - Shown while loading.
 *
 * @cssprop [--vf-mark-color=#fff3b0] - The background of a marked word.
 */
export const moderationQueueElement: ElementDefinition<ModerationQueueProps> = {
  component: ModerationQueue,
  props: { queue: 'string' },
  // The ban dialog's words are the conversations bundle's.
  bundle: 'page_settings,conversations',
  css: () => import('./styles.css'),
  reserve: reserves['vf-moderation-queue'],
};
