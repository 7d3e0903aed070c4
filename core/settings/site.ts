/**
 * Site settings (spec platform.md §3 "Site settings"): every switch, its type and default, the
 * derived values, and the validation an admin's change goes through. Pure: the server stores and
 * validates with it, the client reads the same names (docs/settings.md describes each one).
 */

import { AD_INTEGRATIONS, AD_SETTING_KINDS, DEFAULT_AD_SETTINGS, isAdIntegration, isScriptUrl, POSITION_MAX, SCRIPT_URL_PATTERN } from './ads.ts';

/**
 * `integration`: one of AD_INTEGRATIONS; `position`: a whole number 1–100 (ads.ts); `hosts`: host
 * names, comma-separated (HOST_LIST_PATTERN), or null; `hour`: a whole hour of the day 0–23; `time_zone`:
 * an IANA time zone name this runtime's Intl knows (`Europe/Berlin`, `UTC`).
 */
export type SettingKind = 'boolean' | 'seconds' | 'timestamp' | 'text' | 'script_url' | 'integration' | 'position' | 'hosts' | 'hour' | 'time_zone';

/** The stored settings, with their kinds. `timestamp` and `text` may be null (unset). */
export const SITE_SETTING_KINDS = {
  // feature switches
  enable_commenting: 'boolean',
  enable_livechat: 'boolean',
  enable_sharebar: 'boolean',
  enable_livecommenting: 'boolean',
  enable_livestories: 'boolean',
  livecommenting_switch_date: 'timestamp',
  // comment behaviour
  enable_dislikes: 'boolean',
  enable_email_verification: 'boolean',
  enable_anonymous_comments: 'boolean',
  enable_premoderation: 'boolean',
  enable_user_comment_editing: 'boolean',
  enable_user_comment_remove: 'boolean',
  user_comment_edit_timeout: 'seconds',
  enable_comment_video: 'boolean',
  enable_comment_images: 'boolean',
  enable_muting: 'boolean',
  enable_push_notifications: 'boolean',
  // login
  disable_widget_logins: 'boolean',
  disable_cookie_avatars: 'boolean',
  disable_cookie_displayname: 'boolean',
  disable_email_notifications: 'boolean',
  enable_username_premoderation: 'boolean',
  enable_avatar_premoderation: 'boolean',
  require_user_authentication_to_vote: 'boolean',
  require_user_authentication_to_see_results: 'boolean',
  // login providers
  authprovider_custom_cookie_name: 'text',
  authprovider_gigya_poll: 'boolean',
  authprovider_oauth_enabled: 'boolean',
  authprovider_loginradius_enabled: 'boolean',
  authprovider_loginradius_api_key: 'text',
  authprovider_loginradius_app_name: 'text',
  authprovider_backplane_v2_enabled: 'boolean',
  authprovider_backplane_v2_hash: 'text',
  authprovider_janrain_enabled: 'boolean',
  authprovider_oidc_enabled: 'boolean',
  authprovider_social_providers: 'text',
  autosociallogin: 'boolean',
  thirdparty_enabled: 'boolean',
  // pages: hosts besides the site's domains that a page's picture may come from (docs/api.md "Pages")
  page_image_hosts: 'hosts',
  // readers' email digests (docs/notifications.md "Email"): the daily digest's hour, in the site's time zone
  email_digest_hour: 'hour',
  email_digest_time_zone: 'time_zone',
  // ads and promos (ads.ts, docs/ads.md)
  ...AD_SETTING_KINDS,
} as const satisfies Record<string, SettingKind>;

export type StoredSettingKey = keyof typeof SITE_SETTING_KINDS;

type ValueOf<K extends SettingKind> = K extends 'boolean' ? boolean
  : K extends 'seconds' | 'position' | 'hour' ? number
  : K extends 'time_zone' ? string
  : K extends 'timestamp' ? number | null
  : K extends 'integration' ? (typeof AD_INTEGRATIONS)[number]
  : string | null;

/** What an admin can set. */
export type StoredSiteSettings = { [K in StoredSettingKey]: ValueOf<(typeof SITE_SETTING_KINDS)[K]> };

/** What bootstrap returns: the stored settings plus the derived values. */
export interface SiteSettings extends StoredSiteSettings {
  /** Derived: the third-party login service integration is on, with its api key and app name set. */
  thirdparty_login_enabled: boolean;
}

export const DEFAULT_SITE_SETTINGS: StoredSiteSettings = {
  enable_commenting: true,
  enable_livechat: true,
  enable_sharebar: true,
  enable_livecommenting: false,
  enable_livestories: false,
  livecommenting_switch_date: null,
  enable_dislikes: true,
  enable_email_verification: false,
  enable_anonymous_comments: false,
  enable_premoderation: false,
  enable_user_comment_editing: true,
  enable_user_comment_remove: true,
  user_comment_edit_timeout: 300,
  enable_comment_video: false,
  enable_comment_images: false,
  enable_muting: true,
  enable_push_notifications: false,
  disable_widget_logins: false,
  disable_cookie_avatars: false,
  disable_cookie_displayname: false,
  disable_email_notifications: false,
  enable_username_premoderation: false,
  enable_avatar_premoderation: false,
  require_user_authentication_to_vote: false,
  require_user_authentication_to_see_results: false,
  authprovider_custom_cookie_name: null,
  authprovider_gigya_poll: false,
  authprovider_oauth_enabled: false,
  authprovider_loginradius_enabled: false,
  authprovider_loginradius_api_key: null,
  authprovider_loginradius_app_name: null,
  authprovider_backplane_v2_enabled: false,
  authprovider_backplane_v2_hash: null,
  authprovider_janrain_enabled: false,
  authprovider_oidc_enabled: false,
  authprovider_social_providers: null,
  autosociallogin: false,
  thirdparty_enabled: false,
  page_image_hosts: null,
  email_digest_hour: 8,
  email_digest_time_zone: 'UTC',
  ...DEFAULT_AD_SETTINGS,
};

/** Spec §5: the social login types, exactly. */
export const SOCIAL_LOGIN_TYPES = ['apple', 'facebook', 'google', 'twitter', 'linkedin', 'yahoo', 'windowslive', 'aol'] as const;
export type SocialLoginType = (typeof SOCIAL_LOGIN_TYPES)[number];

export function isSocialLoginType(value: unknown): value is SocialLoginType {
  return typeof value === 'string' && (SOCIAL_LOGIN_TYPES as readonly string[]).includes(value);
}

/** Spec §5's refusal of any other type. */
export function invalidSocialTypeMessage(type: unknown): string {
  return `Invalid social login type specified: ${String(type)}. Valid types are: ${SOCIAL_LOGIN_TYPES.join(', ')}`;
}

/** Spec §8: a login method the site has not configured. */
export const LOGIN_NOT_ENABLED = 'This login method is not currently enabled on this site';

/** The social buttons to show: `authprovider_social_providers` (comma list) read as valid types only. */
export function enabledSocialProviders(s: Pick<StoredSiteSettings, 'authprovider_social_providers'>): SocialLoginType[] {
  const named = (s.authprovider_social_providers ?? '').split(',').map((t) => t.trim());
  return SOCIAL_LOGIN_TYPES.filter((type) => named.includes(type));
}

const HOST_NAME = '[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*';
/** A `hosts` setting: host names (no scheme, port or path), comma-separated, spaces allowed around commas. */
export const HOST_LIST_PATTERN = `^ *${HOST_NAME}( *, *${HOST_NAME})* *$`;
const HOST_LIST = new RegExp(HOST_LIST_PATTERN);

/** The host names a `hosts` setting holds, lower-cased (none for null). */
export function listedHosts(value: string | null | undefined): string[] {
  return (value ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
}

/**
 * Names isTimeZone accepted (every getSite resolves the settings, and a formatter costs ~40 µs);
 * bounded, since anyone may send names to check (`Europe/Berlin`, `europe/berlin`, …).
 */
const KNOWN_TIME_ZONES = new Set<string>();
const KNOWN_TIME_ZONES_MAX = 1000;

/** Whether `name` is a time zone this runtime knows (IANA names: `Europe/Berlin`, `UTC`). */
function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return false;
  if (KNOWN_TIME_ZONES.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return false;
  }
  if (KNOWN_TIME_ZONES.size < KNOWN_TIME_ZONES_MAX) KNOWN_TIME_ZONES.add(name);
  return true;
}

/** Keys the server computes; sending one in a change is refused. */
export const DERIVED_SETTING_KEYS = ['thirdparty_login_enabled'] as const;

/** Longest text setting (cookie names, keys, app names). */
export const SETTING_TEXT_MAX = 200;
/** Longest edit window: 30 days. */
export const EDIT_TIMEOUT_MAX = 30 * 24 * 3600;

/** The third-party login service counts as enabled only with the switch, an api key and an app name. */
export function thirdPartyLoginEnabled(s: Pick<StoredSiteSettings, 'authprovider_loginradius_enabled' | 'authprovider_loginradius_api_key' | 'authprovider_loginradius_app_name'>): boolean {
  return s.authprovider_loginradius_enabled && !!s.authprovider_loginradius_api_key?.trim() && !!s.authprovider_loginradius_app_name?.trim();
}

/** Stored (possibly partial, possibly from an older version) settings → complete, with derived values. */
export function resolveSiteSettings(stored: Partial<Record<string, unknown>> | null | undefined): SiteSettings {
  const merged = { ...DEFAULT_SITE_SETTINGS } as Record<string, unknown>;
  for (const key of Object.keys(SITE_SETTING_KINDS) as StoredSettingKey[]) {
    const value = stored?.[key];
    if (value !== undefined && settingProblem(key, value) === null) merged[key] = value;
  }
  const settings = merged as StoredSiteSettings;
  return { ...settings, thirdparty_login_enabled: thirdPartyLoginEnabled(settings) };
}

/** Only the stored keys (drops derived ones), e.g. to save. */
export function storedPart(settings: SiteSettings | StoredSiteSettings): StoredSiteSettings {
  const out = {} as Record<string, unknown>;
  for (const key of Object.keys(SITE_SETTING_KINDS)) out[key] = (settings as unknown as Record<string, unknown>)[key];
  return out as StoredSiteSettings;
}

/** Why `value` cannot be setting `key` (a readable sentence), or null when it can. */
export function settingProblem(key: string, value: unknown): string | null {
  if ((DERIVED_SETTING_KEYS as readonly string[]).includes(key)) return `${key} is derived and cannot be set`;
  const kind = (SITE_SETTING_KINDS as Record<string, SettingKind | undefined>)[key];
  if (!kind) return `${key} is not a site setting`;
  switch (kind) {
    case 'boolean':
      return typeof value === 'boolean' ? null : `${key} must be true or false`;
    case 'seconds':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= EDIT_TIMEOUT_MAX
        ? null
        : `${key} must be a whole number of seconds from 0 to ${EDIT_TIMEOUT_MAX}`;
    case 'timestamp':
      return value === null || (Number.isInteger(value) && (value as number) >= 0) ? null : `${key} must be a time in milliseconds or null`;
    case 'integration':
      return isAdIntegration(value) ? null : `${key} must be one of ${AD_INTEGRATIONS.join(', ')}`;
    case 'position':
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= POSITION_MAX ? null : `${key} must be a whole number from 1 to ${POSITION_MAX}`;
    case 'script_url':
      return value === null || (typeof value === 'string' && value.length <= SETTING_TEXT_MAX && isScriptUrl(value))
        ? null
        : `${key} must be an https:// address or a path on the site (/…), or null`;
    case 'hosts':
      return value === null || (typeof value === 'string' && value.length <= SETTING_TEXT_MAX && HOST_LIST.test(value))
        ? null
        : `${key} must be host names separated by commas (images.example, cdn.example), at most ${SETTING_TEXT_MAX} characters, or null`;
    case 'hour':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 23 ? null : `${key} must be a whole hour from 0 to 23`;
    case 'time_zone':
      return isTimeZone(value) ? null : `${key} must be an IANA time zone name (Europe/Berlin, America/New_York, UTC)`;
    case 'text':
      return value === null || (typeof value === 'string' && value.length <= SETTING_TEXT_MAX)
        ? null
        : `${key} must be text of at most ${SETTING_TEXT_MAX} characters or null`;
  }
}

/** JSON Schema for a change of settings (every key optional, types as above). */
export function settingsChangeSchemaProperties(): Record<string, object> {
  const props: Record<string, object> = {};
  for (const [key, kind] of Object.entries(SITE_SETTING_KINDS) as [string, SettingKind][]) {
    props[key] =
      kind === 'boolean' ? { type: 'boolean' }
      : kind === 'seconds' ? { type: 'integer', minimum: 0, maximum: EDIT_TIMEOUT_MAX }
      : kind === 'timestamp' ? { type: ['integer', 'null'], minimum: 0 }
      : kind === 'integration' ? { type: 'string', enum: [...AD_INTEGRATIONS] }
      : kind === 'position' ? { type: 'integer', minimum: 1, maximum: POSITION_MAX }
      : kind === 'script_url' ? { type: ['string', 'null'], maxLength: SETTING_TEXT_MAX, pattern: SCRIPT_URL_PATTERN }
      : kind === 'hosts' ? { type: ['string', 'null'], maxLength: SETTING_TEXT_MAX, pattern: HOST_LIST_PATTERN }
      : kind === 'hour' ? { type: 'integer', minimum: 0, maximum: 23 }
      : kind === 'time_zone' ? { type: 'string', minLength: 1, maxLength: 64 }
      : { type: ['string', 'null'], maxLength: SETTING_TEXT_MAX };
  }
  return props;
}
