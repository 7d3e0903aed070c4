/**
 * What a site adds to its pages' `/vf.css` (server/routes/reserveSheet.ts) for `reserve.css`: the
 * height of the ad card its trending surface shows (docs/ads.md "Surfaces"), or nothing with no ad
 * there. The integration decides the size, as SurfaceAd does.
 */
import { AD_FORMATS, integrationFormat } from '../../core/ads/format.ts';
import { surfaceAdSettings } from '../../core/settings/ads.ts';

export function siteReserveCss(settings: Parameters<typeof surfaceAdSettings>[0]): string {
  const { integration } = surfaceAdSettings(settings, 'trending');
  if (integration === 'none') return '';
  return `vf-trending-articles{--_vf-tr-ad:1;--_vf-tr-ad-height:${AD_FORMATS[integrationFormat(integration)].height}px}\n`;
}
