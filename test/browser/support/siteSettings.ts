/**
 * <vf-site-settings> tests' helpers: the demo admin, the element mounted after a focusable button,
 * its fields' descriptions, and the site's settings as the server answers them now.
 */
import { fixture, html } from '@open-wc/testing';
import type { SiteSettings } from '../../../core/settings/site.ts';
import type { AutoModerationSettings } from '../../../core/moderation/types.ts';
import { adminToken, testConfig } from './api.ts';
import { shadow } from './dom.ts';

/** The demo site's administrator (server/demo/site.ts). */
export const ADMIN = { email: 'admin@vf.local', password: 'admin-demo-1' };

/** A fresh <vf-site-settings> after a "Before" button, so tests can Tab into it from outside. */
export async function mountSiteSettings(): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div><button id="before">Before</button></div>`);
  wrapper.insertAdjacentHTML('beforeend', '<vf-site-settings></vf-site-settings>');
  return wrapper.querySelector('vf-site-settings') as HTMLElement;
}

/** The texts of the elements a field's aria-describedby names, in order ('' for an id not found). */
export const descriptionsOf = (el: Element, field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => shadow(el).getElementById(id)?.textContent ?? '');

/** The settings a page starting now would get (bootstrap, as a guest). */
export async function serverSettings(): Promise<SiteSettings> {
  const { apiBase, siteUuid } = testConfig();
  const res = await fetch(`${apiBase}/bootstrap/v2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ site_uuid: siteUuid }) });
  return ((await res.json()) as { result: { settings: SiteSettings } }).result.settings;
}

// One login for the file's calls as the demo admin.
let admin: Promise<string> | null = null;
const asAdmin = () => (admin ??= adminToken());

/** The automatic-moderation settings as the server answers the admin. */
export async function serverModerationSettings(): Promise<AutoModerationSettings> {
  const { apiBase, siteUuid } = testConfig();
  const res = await fetch(`${apiBase}/moderation/settings?section=${siteUuid}`, { headers: { authorization: `Bearer ${await asAdmin()}` } });
  return ((await res.json()) as { result: AutoModerationSettings }).result;
}

/** Gives the demo site's spam scorer its stand-in key back (DEMO_SCORERS in server/standins/scorers.ts). */
export async function restoreDemoSpamKey(): Promise<void> {
  const { apiBase, siteUuid } = testConfig();
  const res = await fetch(`${apiBase}/moderation/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await asAdmin()}` },
    body: JSON.stringify({ section: siteUuid, verb: 'PATCH', spam_scorer: { key: 'vf-demo-akismet-key' } }),
  });
  if (!res.ok) throw new Error(`moderation settings: ${res.status} ${await res.text()}`);
}

