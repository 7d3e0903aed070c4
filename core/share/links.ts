/**
 * Sharing a page (docs/elements.md "<vf-share-bar>", docs/api.md "shares"): the networks the
 * server records, the address a share carries, and each network's share link. Pure: the element
 * and the server use the same allow-list.
 *
 * A shared address carries who shared it and where, for analytics' referrer cookie (content.md
 * §3 `ref`: medium, source, sharer_uuid): `vf_medium=share`, `vf_source=<network>` and, when
 * signed in, `vf_sharer=<user uuid>`. The page identity strips them from the canonical address
 * (core/page/identity.ts TRACKING_PARAMS), so a shared link is still the same page.
 */
import { REFERRER_PARAMS } from '../analytics/referrerParams.ts';

/** Every network a share may be recorded for; `native` is the browser's own share sheet (Web Share API). */
export const SHARE_NETWORKS = ['native', 'facebook', 'x', 'linkedin', 'whatsapp', 'reddit', 'email', 'copy'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];
/** What a share bar lists: every network but the share sheet, which is its own button. */
export type BarNetwork = Exclude<ShareNetwork, 'native'>;
export type LinkNetwork = Exclude<BarNetwork, 'copy'>;

/** The links a share bar shows when its `networks` attribute names none. */
export const DEFAULT_NETWORKS: readonly BarNetwork[] = ['facebook', 'x', 'linkedin', 'whatsapp', 'email', 'copy'];

export const isShareNetwork = (value: string): value is ShareNetwork => (SHARE_NETWORKS as readonly string[]).includes(value);

/** The `networks` attribute ("facebook, x, email"): known names in order, once each; `twitter` reads as `x`. None known: the default set. */
export function parseNetworks(attribute: string | undefined): BarNetwork[] {
  const names = (attribute ?? '').split(',').map((name) => name.trim().toLowerCase()).map((name) => (name === 'twitter' ? 'x' : name));
  const known = [...new Set(names.filter((name): name is BarNetwork => isShareNetwork(name) && name !== 'native'))];
  return known.length ? known : [...DEFAULT_NETWORKS];
}

/** An http(s) address, absolute, without its fragment; null for anything else (only web pages are shared). */
export function httpAddress(url: string | null | undefined, base?: string): URL | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, base);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    parsed.hash = '';
    return parsed;
  } catch {
    return null;
  }
}

/** The address as shared on `network`: the page's, with the share parameters (replacing any it had). */
export function sharedUrl(page: URL, network: ShareNetwork, sharerUuid: string | null): string {
  const url = new URL(page);
  url.searchParams.set(REFERRER_PARAMS.medium, 'share');
  url.searchParams.set(REFERRER_PARAMS.source, network);
  if (sharerUuid) url.searchParams.set(REFERRER_PARAMS.sharer, sharerUuid);
  else url.searchParams.delete(REFERRER_PARAMS.sharer);
  return url.toString();
}

const withQuery = (base: string, query: Record<string, string>) => {
  const url = new URL(base);
  for (const [key, value] of Object.entries(query)) if (value) url.searchParams.set(key, value);
  return url.toString();
};

/** The network's share link for `url` (already a shared address), the page's `title` and an optional line of `text` (WhatsApp, email). */
export function shareLink(network: LinkNetwork, url: string, title: string, text = ''): string {
  const message = [text, url].filter(Boolean).join('\n\n');
  switch (network) {
    case 'facebook':
      return withQuery('https://www.facebook.com/sharer/sharer.php', { u: url });
    case 'x':
      return withQuery('https://x.com/intent/post', { url, text: title });
    case 'linkedin':
      return withQuery('https://www.linkedin.com/sharing/share-offsite/', { url });
    case 'whatsapp':
      return withQuery('https://wa.me/', { text: [title, message].filter(Boolean).join('\n\n') });
    case 'reddit':
      return withQuery('https://www.reddit.com/submit', { url, title });
    case 'email':
      return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(message)}`;
  }
}
