/** <vf-site-settings> tests' helpers: the site's settings as the server answers them now. */
import type { SiteSettings } from '../../../core/settings/site.ts';
import type { AutoModerationSettings } from '../../../core/moderation/types.ts';
import { adminToken, testConfig } from './api.ts';

/** The settings a page starting now would get (bootstrap, as a guest). */
export async function serverSettings(): Promise<SiteSettings> {
  const { apiBase, siteUuid } = testConfig();
  const res = await fetch(`${apiBase}/bootstrap/v2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ site_uuid: siteUuid }) });
  return ((await res.json()) as { result: { settings: SiteSettings } }).result.settings;
}

/** The automatic-moderation settings as the server answers the admin. */
export async function serverModerationSettings(token: string): Promise<AutoModerationSettings> {
  const { apiBase, siteUuid } = testConfig();
  const res = await fetch(`${apiBase}/moderation/settings?section=${siteUuid}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { result: AutoModerationSettings }).result;
}

export { adminToken };
