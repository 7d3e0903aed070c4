/**
 * Recommendation integrations: Outbrain (`OBR.extern.researchWidget`, whose answer vf renders as
 * 300 × 250 cards with titles cut at 70 characters) and Taboola (`window._taboola.push` with the
 * §9 placements). docs/ads.md names the vendor calls.
 */
import { RENDER_WAIT_MS, registerAdapter, slotFilled, vendorGlobal, waitFor, type AdAdapter } from '../adapter.ts';
import { AdFailure, AD_FAILURE_REASONS } from '../failure.ts';
import { AD_FORMATS, cutTitle } from '../format.ts';
import { loadScript } from '../script.ts';

/** content.md §3 "Outbrain recommendation". */
export interface OutbrainRecommendation {
  content: string;
  source_display_name: string;
  thumbnail: { url: string };
  url: string;
}
interface Obr {
  extern: { researchWidget(url: string, callback: (json: { doc?: OutbrainRecommendation[] }) => void, options: { widgetId: string; installationKey?: string }): void };
}

/** The lines an Outbrain card's title may take (clamped with an ellipsis, as trending's headlines). */
const TITLE_LINES = 2;

/** One card, built with DOM calls (vendor text is never parsed as HTML). */
function outbrainCard(rec: OutbrainRecommendation): HTMLAnchorElement {
  const card = document.createElement('a');
  card.className = 'vf-ad-card';
  card.href = rec.url;
  card.target = '_blank';
  card.rel = 'noopener sponsored';
  card.style.cssText = `display:block;box-sizing:border-box;width:${AD_FORMATS.rectangle.width}px;max-width:100%;height:${AD_FORMATS.rectangle.height}px;overflow:hidden;color:inherit;text-decoration:none`;
  const image = document.createElement('img');
  image.src = rec.thumbnail?.url ?? '';
  image.alt = '';
  image.style.cssText = 'display:block;width:100%;height:170px;object-fit:cover';
  const title = document.createElement('span');
  title.className = 'vf-ad-card__title';
  title.textContent = cutTitle(String(rec.content ?? ''));
  // A fixed-size creative: its text has fixed metrics too, so the clamped title and the source
  // line fit under the picture whatever the page's font (170 + 6 + 2 × 20 + 2 + 16 = 234 px of 250).
  title.style.cssText = `display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:${TITLE_LINES};overflow:hidden;overflow-wrap:anywhere;font-weight:600;font-size:15px;line-height:20px;margin:6px 0 2px`;
  const source = document.createElement('span');
  source.className = 'vf-ad-card__source';
  source.textContent = String(rec.source_display_name ?? '');
  source.style.cssText = 'display:block;font-size:12px;line-height:16px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;opacity:.8';
  card.append(image, title, source);
  return card;
}

const outbrainAdapter: AdAdapter = {
  integration: 'outbrain',
  kind: 'recommendation',
  async load(ctx) {
    if (!(await loadScript(ctx.scriptUrl)) || typeof vendorGlobal<Obr>('OBR')?.extern?.researchWidget !== 'function') {
      throw new AdFailure(AD_FAILURE_REASONS.renderFailure);
    }
  },
  render(ctx) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new AdFailure(AD_FAILURE_REASONS.renderFailure)), RENDER_WAIT_MS);
      try {
        vendorGlobal<Obr>('OBR')!.extern.researchWidget(
          ctx.pageUrl,
          (json) => {
            clearTimeout(timer);
            const recs = Array.isArray(json?.doc) ? json.doc : [];
            if (recs.length === 0) return reject(new AdFailure(AD_FAILURE_REASONS.renderFailure));
            ctx.slot.replaceChildren(outbrainCard(recs[0]!));
            resolve();
          },
          { widgetId: ctx.siteAdIds[0] ?? 'AR_1', ...(ctx.siteAdIds[1] && { installationKey: ctx.siteAdIds[1] }) },
        );
      } catch {
        clearTimeout(timer);
        reject(new AdFailure(AD_FAILURE_REASONS.renderFailure));
      }
    });
  },
};

interface TaboolaCommand {
  mode?: string;
  container?: string;
  placement?: string;
  target_type?: string;
  article?: 'auto';
  flush?: boolean;
}

const taboolaAdapter: AdAdapter = {
  integration: 'taboola',
  kind: 'recommendation',
  async load(ctx) {
    const g = globalThis as unknown as { _taboola?: TaboolaCommand[] };
    g._taboola ??= [];
    if (!(await loadScript(ctx.scriptUrl))) throw new AdFailure(AD_FAILURE_REASONS.renderFailure);
  },
  async render(ctx) {
    const queue = vendorGlobal<{ push(command: TaboolaCommand): unknown }>('_taboola')!;
    queue.push({ article: 'auto' });
    queue.push({ mode: ctx.siteAdIds[0] ?? 'thumbnails-a', container: ctx.slotId, placement: ctx.placement, target_type: 'mix' });
    queue.push({ flush: true });
    if (!(await waitFor(slotFilled(ctx.slot), RENDER_WAIT_MS))) throw new AdFailure(AD_FAILURE_REASONS.renderFailure);
  },
};

for (const adapter of [outbrainAdapter, taboolaAdapter]) registerAdapter(adapter);
