import { Ad, type AdProps } from './Ad.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';

/**
 * A standalone ad (docs/ads.md): the site's ad settings for the surface pick the integration
 * (custom, gtag, m32, outbrain, taboola, exco, vi, aniview); the vendor renders into a light-DOM
 * `<div slot="creative">` the element adds (vendors look slots up by id). The format's space is
 * reserved before the creative arrives, and /vf.css holds the element's box from the page's first
 * paint until it draws (reserve.css, siteReserve.ts), so the page never shifts. No ad — and no
 * space — when the page has `vf:ads_disabled`, the reader set
 * `localStorage['vf.analytics.adOptOut'] = 'true'`, the page's CMP says consent is required and not
 * given, or the integration is `none`. A failure is recorded with its reason (docs/ads.md
 * "Failures") and the space stays, empty.
 *
 * @summary Standalone ad with reserved space, consent and opt-out.
 *
 * @attr {string} surface - Whose ad settings apply: standalone (default), general,
 *   conversation_starter, trending, liveblog.
 * @attr {string} format - The reserved size: rectangle (300 × 250, default), leaderboard
 *   (728 × 90), banner (320 × 50), video (640 × 360; the default for a video integration, the
 *   element's or its surface's).
 * @attr {string} integration - This slot's integration instead of the surface's.
 *
 * @csspart ad - The ad's region (a group labelled "Advertisement").
 * @csspart ad-label - The visible "Advertisement" label.
 * @csspart ad-space - The reserved box the creative shows in.
 *
 * The host carries `data-vf-state`: loading, ready (shown), empty (no ad), error (failed).
 */
export const adElement: ElementDefinition<AdProps> = {
  component: Ad,
  props: { surface: 'string', format: 'string', integration: 'string' },
  placeholder: 'none',
  css: () => import('./styles.css'),
};
