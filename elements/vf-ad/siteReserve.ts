/**
 * What a site adds to its pages' `/vf.css` (server/routes/reserveSheet.ts) for `reserve.css`: for
 * a `<vf-ad>` that names no integration, its surface's integration decides (Ad.tsx): `none` reserves
 * nothing, a video integration the video's height unless a `format` is named. The rectangle is the
 * build's default: a site whose surfaces all show one adds nothing.
 */
import { AD_FORMATS, integrationFormat } from '../../core/ads/format.ts';
import { AD_INTEGRATIONS, AD_SURFACES, surfaceAdSettings, type AdSurface } from '../../core/settings/ads.ts';

type Settings = Parameters<typeof surfaceAdSettings>[0];

/** The element reads a surface it does not know as standalone (allowedValue). */
const OTHER_SURFACES = AD_SURFACES.filter((surface) => surface !== 'standalone');
const surfaceSelector = (surface: AdSurface) =>
  surface === 'standalone' ? `:not(${OTHER_SURFACES.map((other) => `[surface='${other}' i]`).join()})` : `[surface='${surface}' i]`;
/** None of the integrations' names, exactly (isAdIntegration): the surface's integration applies. */
const NO_INTEGRATION = `:not(${AD_INTEGRATIONS.map((integration) => `[integration='${integration}']`).join()})`;
const NO_FORMAT = ":is(:not([format]),[format=''])";
/** Until the element draws (reserve.css), as its own off rules: nothing reserved, a plain block. */
const WAITING = ':not([data-vf-state])';

/** One rule for the surfaces in `surfaces`, or nothing. */
function rule(surfaces: AdSurface[], more: string, declarations: string): string {
  return surfaces.length ? `vf-ad:is(${surfaces.map(surfaceSelector).join()})${NO_INTEGRATION}${more}{${declarations}}\n` : '';
}

export function adSiteReserveCss(settings: Settings): string {
  const integration = (surface: AdSurface) => surfaceAdSettings(settings, surface).integration;
  const off = AD_SURFACES.filter((surface) => integration(surface) === 'none');
  const video = AD_SURFACES.filter((surface) => !off.includes(surface) && integrationFormat(integration(surface)) === 'video');
  return rule(off, WAITING, '--_vf-ad-on:0;display:block') + rule(video, NO_FORMAT, `--_vf-ad-h:${AD_FORMATS.video.height}px`);
}
