/**
 * Ad and promo site settings (content.md §3 "Ads", §5, §9; docs/ads.md): per surface an
 * integration, an alternative integration (used when the first fails, e.g. a video ad) and two
 * site ad ids; the conversations' promo positions; each vendor's script URL. Pure: site.ts folds
 * these into the site settings, the server validates with them, the client reads them.
 */

/** content.md §3: the integrations, exactly; `none` shows no ad. */
export const AD_INTEGRATIONS = ['none', 'custom', 'gtag', 'm32', 'outbrain', 'taboola', 'exco', 'vi', 'aniview'] as const;
export type AdIntegration = (typeof AD_INTEGRATIONS)[number];
/** The ones that play video (one video ad per page, content.md §4). */
export const VIDEO_INTEGRATIONS: readonly AdIntegration[] = ['exco', 'vi', 'aniview'];

/** content.md §3: the surfaces that carry ads, each with its own settings. */
export const AD_SURFACES = ['general', 'conversation_starter', 'trending', 'liveblog', 'standalone'] as const;
export type AdSurface = (typeof AD_SURFACES)[number];

export function isAdIntegration(value: unknown): value is AdIntegration {
  return typeof value === 'string' && (AD_INTEGRATIONS as readonly string[]).includes(value);
}

/** The settings of one surface, by name. */
const adSettingKeys = (surface: AdSurface) =>
  ({
    integration: `${surface}_ad_integration`,
    alternative: `${surface}_ad_alt_integration`,
    siteAdId: `${surface}_site_ad_id`,
    siteAdId2: `${surface}_site_ad_id_2`,
  }) as const;

/** A vendor's script URL setting (null: the vendor's documented address, VENDOR_SCRIPT_URLS). */
export const vendorUrlKey = (integration: Exclude<AdIntegration, 'none'>) => `ad_script_url_${integration}` as const;

/**
 * What a vendor script setting may hold: an https address or a path on the page's own origin
 * (the demo's stand-ins). Anything else (http, data:, javascript:, //host) is refused by the
 * admin route and, if stored anyway, ignored in favour of the vendor's own address.
 */
export const SCRIPT_URL_PATTERN = '^(https://[^\\s]+|/[^/\\s][^\\s]*)$';
const SCRIPT_URL = new RegExp(SCRIPT_URL_PATTERN);

/** True for a value a vendor script setting may hold (SCRIPT_URL_PATTERN). */
export const isScriptUrl = (value: string): boolean => SCRIPT_URL.test(value);

/** The vendors' own script addresses, used when a site names none. */
const VENDOR_SCRIPT_URLS: Record<Exclude<AdIntegration, 'none'>, string | null> = {
  custom: null, // the publisher's own file: nothing to default to
  gtag: 'https://securepubads.g.doubleclick.net/tag/js/gpt.js',
  m32: 'https://cdn.m32.media/m32.js',
  outbrain: 'https://widgets.outbrain.com/outbrain.js',
  taboola: 'https://cdn.taboola.com/libtrc/loader.js',
  exco: 'https://player.ex.co/player/exco.js',
  vi: 'https://s.vi-serve.com/tagLoader.js',
  aniview: 'https://player.aniview.com/script/6.1/AVmanager.js',
};

/** content.md §9 "Promo defaults" and §5's clamps: positions 1–100. */
export const PROMO_SETTING_DEFAULTS = {
  first_promo_position_conversations: 1,
  promo_interval_conversations: 6,
  promo_interval_replies_conversations: 6,
} as const;

type Surfaced<S extends string> = `${S}_ad_integration` | `${S}_ad_alt_integration` | `${S}_site_ad_id` | `${S}_site_ad_id_2`;
type AdKey = Surfaced<AdSurface>;
type VendorKey = ReturnType<typeof vendorUrlKey>;
type PromoKey = keyof typeof PROMO_SETTING_DEFAULTS;

type AdKinds = { [K in AdKey]: K extends `${string}_integration` ? 'integration' : 'text' };

/** The kinds of the ad settings (site.ts's SettingKind). */
export const AD_SETTING_KINDS = {
  ...(Object.fromEntries(
    AD_SURFACES.flatMap((surface) => {
      const keys = adSettingKeys(surface);
      return [
        [keys.integration, 'integration'],
        [keys.alternative, 'integration'],
        [keys.siteAdId, 'text'],
        [keys.siteAdId2, 'text'],
      ];
    }),
  ) as AdKinds),
  ...(Object.fromEntries(AD_INTEGRATIONS.filter((i) => i !== 'none').map((i) => [vendorUrlKey(i), 'script_url'])) as Record<VendorKey, 'script_url'>),
  first_promo_position_conversations: 'position',
  promo_interval_conversations: 'position',
  promo_interval_replies_conversations: 'position',
} as AdKinds & Record<VendorKey, 'script_url'> & Record<PromoKey, 'position'>;

export type AdSettingValues = { [K in AdKey | VendorKey]: K extends `${string}_integration` ? AdIntegration : string | null } & Record<PromoKey, number>;

export const DEFAULT_AD_SETTINGS = {
  ...Object.fromEntries(Object.entries(AD_SETTING_KINDS).map(([key, kind]) => [key, kind === 'integration' ? 'none' : null])),
  ...PROMO_SETTING_DEFAULTS,
} as AdSettingValues;

/** Positions (promo settings) are whole numbers 1–100 (content.md §5). */
export const POSITION_MAX = 100;

/** One surface's settings, as an adapter needs them. */
export interface SurfaceAdSettings {
  integration: AdIntegration;
  alternative: AdIntegration;
  siteAdIds: [string | null, string | null];
}

export function surfaceAdSettings(settings: Partial<AdSettingValues> | null | undefined, surface: AdSurface): SurfaceAdSettings {
  const keys = adSettingKeys(surface);
  const pick = (key: string): AdIntegration => {
    const value = (settings as Record<string, unknown> | null | undefined)?.[key];
    return isAdIntegration(value) ? value : 'none';
  };
  const text = (key: string): string | null => {
    const value = (settings as Record<string, unknown> | null | undefined)?.[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  return { integration: pick(keys.integration), alternative: pick(keys.alternative), siteAdIds: [text(keys.siteAdId), text(keys.siteAdId2)] };
}

/** The script address for an integration: the site's setting, else the vendor's own. */
export function vendorScriptUrl(settings: Partial<AdSettingValues> | null | undefined, integration: Exclude<AdIntegration, 'none'>): string | null {
  const value = (settings as Record<string, unknown> | null | undefined)?.[vendorUrlKey(integration)];
  return typeof value === 'string' && isScriptUrl(value.trim()) ? value.trim() : VENDOR_SCRIPT_URLS[integration];
}
