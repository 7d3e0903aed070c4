import { Tray } from './Tray.tsx';
import type { CssLoader } from '../../core/mount/cssChunk.ts';

/** The tray's sheet and the community views' (its community view renders them): one stylesheet. */
const trayCss: CssLoader = () =>
  Promise.all([import('./styles.css'), import('../community/styles.css')]).then(([tray, community]) => ({ default: `${tray.default}\n${community.default}` }));
import type { ElementDefinition } from '../ui/defineElement.ts';

/**
 * The page's notification tray: a side panel with the views feed (`#vf-feed`), profile
 * (`#vf-profile`, which also holds the account: the spec's vf-account), community
 * (`#vf-community`: top users, latest and most popular comments, the same lists as
 * `<vf-users>`, `<vf-community-comments>` and `<vf-community-popular>`) and settings
 * (`#vf-settings`: the reader's email notifications, how often and about what; a guest is asked
 * to log in). One per page: vf adds one to `<body>` when the page has none, and a second
 * `<vf-tray>` stays empty. Open it with a `<vf-tray-trigger>`, any
 * element with the class `vf-js-tray-activator`, or `window.vf.tray.open()`.
 *
 * The feed view lists the signed-in reader's notifications grouped (today / last week / older),
 * filtered (all, likes, replies, editor's picks), live; moderators and admins send broadcasts
 * from it (docs/elements.md "<vf-tray>"). A decision about the reader's post, and the outcome of
 * their notice or appeal, open in place: the statement of reasons with its appeal form (docs/law.md).
 *
 * @summary Notification tray: feed, profile (log in / log out, name and picture), community and settings in a side panel.
 *
 * @fires tray/open - `window.vf.$subscribe('tray', 'open', fn)`: `{ view }`.
 * @fires tray/close - `{ view }`.
 * @fires tray/toggle - `{ open, view }` (followed by `open` or `close`).
 * @fires tray/change_tab - `{ view }`.
 * @fires tray/show_profile - `{}`: the profile view was shown.
 * @fires tray/login_required - `{ reason }`: a guest asked to log in from the tray (`feed`, `profile` or `settings`).
 *
 * @csspart panel - The side panel (a modal `<dialog>`).
 * @csspart view - Each view's panel (also `view-feed`, `view-profile`, `view-community`, `view-settings`).
 * @csspart feed - The feed view's content.
 * @csspart feed-filters - The feed's filter toolbar.
 * @csspart feed-item - One notification group (`data-status`: new, seen or read).
 * @csspart broadcast - A moderator's broadcast composer.
 * @csspart empty - The feed's "nothing here" text.
 * @csspart error - The feed's load error with its retry button.
 * @csspart offline - "You're offline" above the feed.
 * @csspart profile-name - The signed-in reader's name.
 * @csspart profile-editor - The form changing the reader's name and picture.
 * @csspart email-verification - "Not confirmed yet" and its resend button (docs/accounts.md).
 * @csspart data-rights - The profile's "Your data": download, and account deletion (docs/law.md "Readers' data").
 * @csspart deletion-confirm - The account deletion's confirm step (what happens, the password).
 * @csspart deletion-scheduled - "Your account will be deleted on …" with Cancel deletion.
 * @csspart statement - A statement of reasons opened from a legal notification (docs/law.md).
 * @csspart appeal - The statement's appeal: its state and answer, or the form.
 * @csspart appeal-form - The appeal's text and Send button.
 * @csspart avatar - The signed-in reader's picture or initials, and each notification's actor's.
 * @csspart email-settings - The settings view's email notifications (heading, notes and form).
 * @csspart email-settings-form - Its form: the two fieldsets and Save with its "Saved." status.
 * @csspart email-frequency - The "How often" radio group (immediately, hourly, daily, never).
 * @csspart email-categories - The "Email me about" checkboxes (disabled while the frequency is never).
 * @csspart email-unconfirmed - "Emails go only to a confirmed address", with the resend control.
 * @csspart community - The community view's content (its lists have the parts of `<vf-users>` and `<vf-community-comments>`).
 *
 * @cssprop [--vf-tray-width=24rem] - Width of the panel (never wider than the window).
 * @cssprop [--vf-color-background=#ffffff] - Panel background.
 * @cssprop [--vf-color-border=#d1d9e0] - Panel edge and separators.
 * @cssprop [--vf-color-accent=#0b5cad] - Selected tab, buttons and focus rings.
 */
export const trayElement: ElementDefinition<Record<string, never>> = {
  component: Tray,
  props: {},
  css: trayCss,
  placeholder: 'none',
};
