/**
 * Each site's login methods (migration 006, docs/login.md): publisher cookie, JWT, OpenID Connect
 * id token, the social providers and the identity platforms (Gigya, Janrain, LoginRadius,
 * Backplane). The config holds secrets: it is read by the login routes only; clients see the
 * public switches derived from it (site settings, see syncLoginSettings).
 */
import type { Kysely } from 'kysely';
import { SOCIAL_LOGIN_TYPES, thirdPartyLoginEnabled } from '../../core/settings/site.ts';
import type { Database } from '../storage/schema.ts';
import { updateSiteSettings } from '../engine/sites.ts';

/** The publishers' identity platforms (docs/login.md "Identity platforms"): the page's own login. */
export const IDENTITY_METHODS = ['gigya', 'janrain', 'loginradius', 'backplane'] as const;
export type IdentityMethod = (typeof IDENTITY_METHODS)[number];

export const LOGIN_METHODS = ['cookie', 'jwt', 'oidc', ...SOCIAL_LOGIN_TYPES, ...IDENTITY_METHODS] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

/** Cookie login: the cookie is a JWT signed with `secret`, or is sent to the publisher's `userinfo_url`. */
export type CookieLoginConfig =
  | { mode: 'jwt'; cookie_name: string; secret: string }
  | { mode: 'userinfo'; cookie_name: string; userinfo_url: string };

/** JWT login: HS256 with a shared secret, or signed by an issuer's keys (discovery + JWKS). */
export type JwtLoginConfig = { secret: string } | { issuer: string; audience: string };

/** OpenID Connect id-token login: tokens from `issuer` for `client_id` (the audience). */
export interface OidcLoginConfig {
  issuer: string;
  client_id: string;
}

/** A social provider: an OAuth2/OIDC client. `issuer` (discovery) or explicit endpoints. */
export interface SocialLoginConfig {
  client_id: string;
  client_secret: string;
  issuer?: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  userinfo_endpoint?: string;
  scope?: string;
}

/**
 * SAP Gigya (Customer Data Cloud): `secret` (base64, the site's partner secret) checks the UID
 * signatures; `api_key` + `secret` read the profile at `{api_base}/accounts.getAccountInfo`.
 */
export interface GigyaLoginConfig {
  api_key: string;
  secret: string;
  /** Default https://accounts.us1.gigya.com (the data centre of the site's key). */
  api_base?: string;
}

/** Janrain Engage: the token is exchanged at `{app_url}/api/v2/auth_info` with `api_key`. */
export interface JanrainLoginConfig {
  api_key: string;
  /** The Engage application, e.g. https://<app>.rpxnow.com. */
  app_url: string;
}

/**
 * LoginRadius (the third-party login service, docs/login.md "LoginRadius"): the site's app. The
 * API key and app name are public (the page's LoginRadius script needs them); the secret signs
 * SOTTs. `api_base` is the identity API (default https://api.loginradius.com; a stand-in in tests).
 */
export interface LoginRadiusConfig {
  integrated_login: boolean;
  api_key: string;
  api_secret: string;
  app_name?: string;
  api_base?: string;
}

/**
 * A Backplane bus (docs/login.md "Backplane"): the bus server, the site's bus, and the bus
 * owner's credentials the server reads messages with.
 */
export interface BackplaneConfig {
  server_url: string;
  bus: string;
  bus_user: string;
  bus_secret: string;
}

export interface LoginConfigs {
  cookie: CookieLoginConfig;
  jwt: JwtLoginConfig;
  oidc: OidcLoginConfig;
  social: SocialLoginConfig;
  gigya: GigyaLoginConfig;
  janrain: JanrainLoginConfig;
  loginradius: LoginRadiusConfig;
  backplane: BackplaneConfig;
}

export type ConfigOf<M extends LoginMethod> = M extends 'cookie' | 'jwt' | 'oidc' | IdentityMethod ? LoginConfigs[M] : SocialLoginConfig;

/** The LoginRadius API the site's config names. */
export const LOGINRADIUS_API = 'https://api.loginradius.com';

/** Spec §3: the third-party login service counts as enabled only with integrated login, an API key and an app name. */
export function loginRadiusEnabled(config: LoginRadiusConfig | null | undefined): config is LoginRadiusConfig {
  return !!config && thirdPartyLoginEnabled({ authprovider_loginradius_enabled: config.integrated_login === true, authprovider_loginradius_api_key: config.api_key, authprovider_loginradius_app_name: config.app_name ?? null });
}

export async function getLoginConfig<M extends LoginMethod>(db: Kysely<Database>, siteUuid: string, method: M): Promise<ConfigOf<M> | null> {
  const row = await db.selectFrom('site_logins').select('config').where('site_uuid', '=', siteUuid).where('method', '=', method).executeTakeFirst();
  if (!row) return null;
  try {
    return JSON.parse(row.config) as ConfigOf<M>;
  } catch {
    return null; // an unreadable entry reads as "not configured"; the admin can PUT it again
  }
}

/** The configured methods of a site (for the admin's listing and the public switches). */
export async function configuredMethods(db: Kysely<Database>, siteUuid: string): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('site_logins').select(['method', 'config']).where('site_uuid', '=', siteUuid).execute();
  const out = new Map<string, unknown>();
  for (const row of rows) {
    try {
      out.set(row.method, JSON.parse(row.config));
    } catch {
      // unreadable: not configured
    }
  }
  return out;
}

export function putLoginConfig(db: Kysely<Database>, siteUuid: string, method: LoginMethod, config: object): Promise<void> {
  return putLoginConfigs(db, siteUuid, [[method, config]]);
}

/** Several methods' configs at once, then the public switches once. */
export async function putLoginConfigs(db: Kysely<Database>, siteUuid: string, entries: readonly (readonly [LoginMethod, object])[]): Promise<void> {
  for (const [method, config] of entries) {
    const values = { config: JSON.stringify(config), date_updated: Date.now() };
    await db
      .insertInto('site_logins')
      .values({ site_uuid: siteUuid, method, ...values })
      .onConflict((oc) => oc.columns(['site_uuid', 'method']).doUpdateSet(values))
      .execute();
  }
  await syncLoginSettings(db, siteUuid);
}

/** True when there was a config to remove. */
export async function deleteLoginConfig(db: Kysely<Database>, siteUuid: string, method: LoginMethod): Promise<boolean> {
  return (await deleteLoginConfigs(db, siteUuid, [method])) > 0;
}

/** Removes these methods' configs, then writes the public switches once; how many there were. */
export async function deleteLoginConfigs(db: Kysely<Database>, siteUuid: string, methods: readonly LoginMethod[]): Promise<number> {
  if (methods.length === 0) return 0;
  const result = await db.deleteFrom('site_logins').where('site_uuid', '=', siteUuid).where('method', 'in', methods).executeTakeFirst();
  await syncLoginSettings(db, siteUuid);
  return Number(result.numDeletedRows);
}

/**
 * The public switches the widgets read (docs/settings.md "Login providers"), written from the
 * configuration: the cookie name, whether id-token login is on, the social buttons to show.
 */
export async function syncLoginSettings(db: Kysely<Database>, siteUuid: string): Promise<void> {
  const methods = await configuredMethods(db, siteUuid);
  const cookie = methods.get('cookie') as CookieLoginConfig | undefined;
  const social = SOCIAL_LOGIN_TYPES.filter((type) => methods.has(type));
  const loginRadius = methods.get('loginradius') as LoginRadiusConfig | undefined;
  const backplane = methods.get('backplane') as BackplaneConfig | undefined;
  await updateSiteSettings(db, siteUuid, {
    // Public by nature (the page's LoginRadius script is set up with them); the secret is not.
    authprovider_loginradius_enabled: loginRadius?.integrated_login === true,
    authprovider_loginradius_api_key: loginRadius?.api_key ?? null,
    authprovider_loginradius_app_name: loginRadius?.app_name ?? null,
    authprovider_backplane_v2_enabled: !!backplane,
    authprovider_backplane_v2_hash: backplane?.bus ?? null,
    authprovider_custom_cookie_name: cookie?.cookie_name ?? null,
    authprovider_oidc_enabled: methods.has('oidc'),
    authprovider_social_providers: social.length ? social.join(',') : null,
    authprovider_gigya_poll: methods.has('gigya'),
    authprovider_janrain_enabled: methods.has('janrain'),
  });
}
