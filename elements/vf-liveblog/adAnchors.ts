/**
 * Where the live blog's ads go (docs/ads.md "Surfaces"): after the first post, then after every
 * LIVEBLOG_AD_INTERVAL-th post — counted from the post the first ad was put after, not from the
 * top, so an ad stays with the post it follows while new posts arrive above it (a new ad goes in
 * among them only once LIVEBLOG_AD_INTERVAL more have come). Pinned posts carry no ads.
 */
import { useRef } from 'react';

export const LIVEBLOG_AD_INTERVAL = 5;

export interface AdAnchors {
  /** The post the counting starts from (null: no posts yet). */
  reference: string | null;
  /** The posts an ad follows. */
  anchors: Set<string>;
}

/** Pure: the anchors among `uuids` (newest first), keeping `reference` while it is still listed. */
export function adAnchors(uuids: readonly string[], reference: string | null, interval = LIVEBLOG_AD_INTERVAL): AdAnchors {
  const kept = reference !== null && uuids.includes(reference) ? reference : (uuids[0] ?? null);
  const anchors = new Set<string>();
  if (kept === null) return { reference: null, anchors };
  for (let i = uuids.indexOf(kept) % interval; i < uuids.length; i += interval) anchors.add(uuids[i]!);
  return { reference: kept, anchors };
}

/** The anchors for the posts shown, remembering the reference across renders. */
export function useAdAnchors(uuids: readonly string[]): Set<string> {
  const reference = useRef<string | null>(null);
  const next = adAnchors(uuids, reference.current);
  reference.current = next.reference;
  return next.anchors;
}
