/**
 * A promo slot among the comments or replies (docs/ads.md "Promos in conversations"): the
 * publisher's own child for `slot="<name>"` wins; otherwise, with ads on, the general surface's
 * integration fills it (Taboola's placement "Mid Comments Thumbnails", auto-numbered) in a box
 * reserved at the creative's size — already in the server's first paint when the site has ads on,
 * so nothing moves when the ad arrives. With ads off it stays the bare, empty `<slot>`.
 */
import { useState } from 'react';
import { AD_FORMATS, nextMidCommentsPlacement } from '../../core/ads/format.ts';
import { AdFrame } from '../ui/AdFrame.tsx';
import { useHost } from '../ui/hostEvents.ts';
import { useAdSlot } from '../ui/useAdSlot.ts';

const SIZE = AD_FORMATS.rectangle;

export function PromoSlot({ name }: { name: string }) {
  const host = useHost();
  // Numbered when Taboola really fills the slot, once: slots left to other vendors, or with ads
  // off, take no number.
  const [placement] = useState(() => {
    let taken: string | undefined;
    return () => (taken ??= nextMidCommentsPlacement());
  });
  const state = useAdSlot({ host, slotName: name, surface: 'general', size: SIZE, placement });
  return state === 'off' ? <slot name={name} /> : <AdFrame state={state} size={SIZE} slotName={name} />;
}
