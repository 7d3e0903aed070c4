/**
 * Base addresses of the services (DESIGN.md "Server conventions"). Defaults derive from the
 * loader's origin (where vf.js came from); `window.vfConfig` on the page overrides any key.
 */

export interface VfConfig {
  apiBase: string;
  commentsBase: string;
  liveblogBase: string;
  chatBase: string;
  /** Notifications and subscriptions (`/api/v5`, docs/notifications.md). */
  notificationsBase: string;
  /** Polls (`/api/polls`, docs/polls.md). */
  pollsBase: string;
  /** Analytics (`/api/analytics`, docs/analytics.md): the dashboard's calls. */
  analyticsBase: string;
  /** Where events are sent (content.md §7): `{DOMAIN}` is replaced by the page's domain. */
  analyticsUrl: string;
  realtimeUrl: string;
}

const KEYS: readonly (keyof VfConfig)[] = ['apiBase', 'commentsBase', 'liveblogBase', 'chatBase', 'notificationsBase', 'pollsBase', 'analyticsBase', 'analyticsUrl', 'realtimeUrl'];

let origin: string | null = null;
let overrides: Partial<VfConfig> = {};

/** Set by boot from the loader host (`origin`) or by tests (any key). */
export function configure(partial: Partial<VfConfig> & { origin?: string }): void {
  if (partial.origin !== undefined) origin = partial.origin.replace(/\/+$/, '');
  for (const key of KEYS) {
    const value = partial[key];
    if (value !== undefined) overrides[key] = value;
  }
}

/** Back to defaults (tests). */
export function resetConfig(): void {
  origin = null;
  overrides = {};
}

export function getConfig(): VfConfig {
  const base = origin ?? (typeof location !== 'undefined' ? location.origin : 'http://localhost');
  const wsBase = base.replace(/^http/, 'ws');
  const defaults: VfConfig = {
    apiBase: `${base}/api/v2`,
    commentsBase: `${base}/api/comments`,
    liveblogBase: `${base}/api/liveblog`,
    chatBase: `${base}/api/chat`,
    notificationsBase: `${base}/api/v5`,
    pollsBase: `${base}/api/polls`,
    analyticsBase: `${base}/api/analytics`,
    analyticsUrl: `${base}/api/analytics/events?domain={DOMAIN}`,
    realtimeUrl: `${wsBase}/ws`,
  };
  return { ...defaults, ...overrides, ...pageConfig() };
}

/** `window.vfConfig` keys that are non-empty strings; anything else warns and is ignored. */
function pageConfig(): Partial<VfConfig> {
  const raw = (globalThis as { vfConfig?: unknown }).vfConfig;
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object') {
    console.warn('vf: window.vfConfig must be an object; ignored');
    return {};
  }
  const out: Partial<VfConfig> = {};
  for (const key of KEYS) {
    const value = (raw as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (typeof value === 'string' && value.trim() !== '') out[key] = value.trim().replace(/\/+$/, '');
    else console.warn(`vf: window.vfConfig.${key} must be a non-empty string; ignored`);
  }
  return out;
}

/** `window.vfConfig.siteUuid`, when the page names its site explicitly. */
export function configuredSiteUuid(): string | null {
  const raw = (globalThis as { vfConfig?: { siteUuid?: unknown } }).vfConfig;
  const value = raw && typeof raw === 'object' ? raw.siteUuid : undefined;
  return typeof value === 'string' && value !== '' ? value : null;
}
