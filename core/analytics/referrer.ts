/**
 * Where a visit came from (content.md §3 "Referrer medium is direct, referral, or from URL
 * parameters"). Order: the landing URL's `vf_medium` (vf's own links: trending, shares) or
 * `utm_medium`, with source, sharer and terms; else a referrer on another site is `referral`
 * (source: its host); else — no referrer, or one on the same site — `direct`. A landing that
 * carries `vf_medium` is a recirculation (a reader followed a vf link). Pure.
 */
import type { ReferrerState } from './eventTypes.ts';
import { REFERRER_PARAMS } from './referrerParams.ts';

export interface Arrival {
  ref: ReferrerState;
  isRecirculation: boolean;
}

const MAX = 200;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

export function arrivalOf(href: string, referrer: string): Arrival {
  const page = parse(href);
  const params = page?.searchParams;
  const param = (name: string) => {
    const value = params?.get(name)?.trim();
    return value ? value.slice(0, MAX) : undefined;
  };
  const vfMedium = param(REFERRER_PARAMS.medium);
  const medium = vfMedium ?? param('utm_medium');
  if (medium) {
    const ref: ReferrerState = { medium };
    const source = param(REFERRER_PARAMS.source) ?? param('utm_source');
    const sharer = param(REFERRER_PARAMS.sharer);
    const terms = param('utm_term');
    if (source) ref.source = source;
    if (sharer) ref.sharer_uuid = sharer;
    if (terms) ref.terms = terms;
    return { ref, isRecirculation: vfMedium !== undefined };
  }
  const from = referrer ? parse(referrer) : null;
  if (from && /^https?:$/.test(from.protocol) && (!page || bareHost(from.hostname) !== bareHost(page.hostname))) {
    return { ref: { medium: 'referral', source: from.hostname.slice(0, MAX) }, isRecirculation: false };
  }
  return { ref: { medium: 'direct' }, isRecirculation: false };
}
