import { SiteSettings, type SiteSettingsProps } from './SiteSettings.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * A site's settings for its admins, each section saved on its own: the site's switches (comments,
 * accounts and login, features) and the page image allow-list (`PATCH /api/v2/settings`); automatic
 * moderation — banned and suspect words, links and their allow-list, new commenters, the spam and
 * toxicity scorers with write-only keys (`GET`/`PATCH /api/v2/moderation/settings`); webhooks
 * (list, add, send a test, last delivery); the login methods configured for the site (turn
 * one off); and Legal (docs/law.md): the kinds of illegality with their DSA categories and the
 * rules of the site's terms (add, rename, remove), what erasing a reader does to their content,
 * and the transparency downloads for a period (report as JSON or CSV, statements as JSON Lines). A server's refusal shows next to the field it names, which takes the focus; a save
 * says "Saved" politely; nothing typed is lost. A guest is asked to log in; a reader who is not
 * an admin is told that only the site's administrators can change its settings.
 * docs/settings.md "The settings element".
 *
 * @summary Site settings for admins: switches, automatic moderation, webhooks, login methods, legal.
 *
 * @csspart base - The element's region.
 * @csspart title - Its heading (the focus goes there after a login from its own Log in).
 * @csspart section - Each section (also named: `site`, `moderation`, `webhooks`, `logins`, `legal`).
 * @csspart save - A section's Save (or Add webhook) button.
 * @csspart status - A section's polite status: Saving…, Saved, Not saved.
 * @csspart field-error - The server's refusal, next to the field it names.
 * @csspart save-error - A refusal that names no field of the section.
 * @csspart key - A scorer's key: "A key is set" with Replace and Clear, or the key's field.
 * @csspart key-state - "A key is set" / "The key will be cleared when you save".
 * @csspart replace-key - Replace the key.
 * @csspart clear-key - Clear the key.
 * @csspart webhooks - The list of webhooks.
 * @csspart webhook - One webhook.
 * @csspart delivery - A webhook's last delivery (a polite status).
 * @csspart ping - Send a test.
 * @csspart secret - A new webhook's signing secret, shown once.
 * @csspart login-methods - The configured login methods.
 * @csspart login-method - One of them, with Turn off.
 * @csspart grounds - A list of grounds (also `grounds-illegal_kinds`, `grounds-terms_rules`).
 * @csspart ground - One ground: its label, its category (kinds of illegality), Remove.
 * @csspart remove-ground - Remove a ground.
 * @csspart add-ground - Add a ground to a list.
 * @csspart transparency - The transparency downloads.
 * @csspart period-from - The period's first day.
 * @csspart period-to - The period's last day.
 * @csspart download - A download button (`download-json`, `download-csv`, `download-jsonl`).
 * @csspart download-status - The file downloaded (a polite status).
 * @csspart download-error - Why a download failed.
 * @csspart empty - No webhooks yet.
 * @csspart guest - A guest's prompt to log in.
 * @csspart login - Its Log in button.
 * @csspart forbidden - "Only the site's administrators…" for readers who are not admins.
 * @csspart error - A section that could not load: message and Retry.
 * @csspart offline - The offline notice.
 * @csspart skeleton - Shown while loading.
 */
export const siteSettingsElement: ElementDefinition<SiteSettingsProps> = {
  component: SiteSettings,
  props: {},
  bundle: 'page_settings',
  css: () => import('./styles.css'),
  reserve: reserves['vf-site-settings'],
};
