/**
 * Sites (the spec's sections): lookup by uuid or domain, and the domain list that CORS and
 * the websocket upgrade check Origins against (cached; invalidate() after a site changes).
 */
import type { Kysely } from 'kysely';
import { DEFAULT_SITE_SETTINGS, resolveSiteSettings, storedPart, type SiteSettings, type StoredSiteSettings } from '../../core/settings/site.ts';
import type { Database, SitesTable } from '../storage/schema.ts';
import { notFound } from '../errors.ts';

export interface Site {
  uuid: string;
  name: string;
  domains: string[];
  settings: SiteSettings;
  date_created: number;
}

/** Every stored setting's default (core/settings/site.ts, docs/settings.md). */
export const DEFAULT_SETTINGS: StoredSiteSettings = DEFAULT_SITE_SETTINGS;

function toSite(row: SitesTable): Site {
  return {
    uuid: row.uuid,
    name: row.name,
    domains: JSON.parse(row.domains) as string[],
    settings: resolveSiteSettings(JSON.parse(row.settings) as Record<string, unknown>),
    date_created: Number(row.date_created),
  };
}

export async function getSite(db: Kysely<Database>, uuid: string): Promise<Site | null> {
  const row = await db.selectFrom('sites').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  return row ? toSite(row) : null;
}

/** The site a request names (its section); 404 'No site has the uuid …' when there is none. */
export async function siteOr404(db: Kysely<Database>, uuid: string): Promise<Site> {
  const site = await getSite(db, uuid);
  if (!site) throw notFound(`No site has the uuid ${uuid}`);
  return site;
}

/** Creates the site or updates its name, domains and settings (used by the seed). */
export async function upsertSite(db: Kysely<Database>, site: Omit<Site, 'date_created' | 'settings'> & { settings: StoredSiteSettings }): Promise<void> {
  const values = {
    name: site.name,
    domains: JSON.stringify(site.domains.map(normaliseHost)),
    settings: JSON.stringify(storedPart(site.settings)),
  };
  await db
    .insertInto('sites')
    .values({ uuid: site.uuid, ...values, date_created: Date.now() })
    .onConflict((oc) => oc.column('uuid').doUpdateSet(values))
    .execute();
}

/** Applies a validated change to a site's stored settings; returns the new settings (null: no such site). */
export async function updateSiteSettings(db: Kysely<Database>, uuid: string, change: Partial<StoredSiteSettings>): Promise<SiteSettings | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('sites').select('settings').where('uuid', '=', uuid).executeTakeFirst();
    if (!row) return null;
    const next = storedPart({ ...resolveSiteSettings(JSON.parse(row.settings) as Record<string, unknown>), ...change });
    await trx.updateTable('sites').set({ settings: JSON.stringify(next) }).where('uuid', '=', uuid).execute();
    return resolveSiteSettings(next);
  });
}

export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** The host name of an Origin or Host header value, port dropped; null when unparsable. */
export function hostOf(value: string): string | null {
  try {
    const url = new URL(value.includes('://') ? value : `http://${value}`);
    return normaliseHost(url.hostname.replace(/^\[|\]$/g, ''));
  } catch {
    return null;
  }
}

/** Domain → site uuid, loaded once and reloaded after invalidate(). */
export class SiteDirectory {
  private byDomain: Promise<Map<string, string>> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  invalidate(): void {
    this.byDomain = null;
  }

  async siteForHost(host: string): Promise<string | null> {
    const map = await this.load();
    return map.get(normaliseHost(host)) ?? null;
  }

  private load(): Promise<Map<string, string>> {
    this.byDomain ??= this.db
      .selectFrom('sites')
      .select(['uuid', 'domains'])
      .execute()
      .then((rows) => {
        const map = new Map<string, string>();
        for (const row of rows) for (const domain of JSON.parse(row.domains) as string[]) map.set(normaliseHost(domain), row.uuid);
        return map;
      })
      .catch((error: unknown) => {
        this.byDomain = null; // do not cache a failure
        throw error;
      });
    return this.byDomain;
  }
}
