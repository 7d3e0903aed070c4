/**
 * Display integrations: custom (the publisher's `window.__generate_viafoura_tag`), gtag (Google
 * Publisher Tag) and m32 (Media 32's GPT wrapper). docs/ads.md names the vendor calls.
 */
import { RENDER_WAIT_MS, registerAdapter, slotFilled, vendorGlobal, waitFor, type AdAdapter, type AdContext } from '../adapter.ts';
import { AdFailure, AD_FAILURE_REASONS } from '../failure.ts';
import { loadScript } from '../script.ts';

/** The publisher's tag generator: renders into the slot; may return a promise. */
type CustomTag = (slot: HTMLElement, options: { siteAdId: string | null; siteAdId2: string | null; width: number; height: number }) => unknown;

const customAdapter: AdAdapter = {
  integration: 'custom',
  kind: 'display',
  async load(ctx) {
    if (ctx.scriptUrl) await loadScript(ctx.scriptUrl);
  },
  async render(ctx) {
    const generate = vendorGlobal<CustomTag>('__generate_viafoura_tag');
    if (typeof generate !== 'function') throw new AdFailure(AD_FAILURE_REASONS.customTagMissing);
    try {
      await generate(ctx.slot, { siteAdId: ctx.siteAdIds[0], siteAdId2: ctx.siteAdIds[1], width: ctx.size.width, height: ctx.size.height });
    } catch {
      throw new AdFailure(AD_FAILURE_REASONS.renderFailure);
    }
    if (!(await waitFor(slotFilled(ctx.slot), RENDER_WAIT_MS))) throw new AdFailure(AD_FAILURE_REASONS.renderFailure);
  },
};

interface GptSlot {
  addService(service: unknown): GptSlot;
}
interface RenderEnded {
  slot: GptSlot;
  isEmpty: boolean;
}
interface GoogleTag {
  cmd: { push(fn: () => void): unknown };
  defineSlot(path: string, size: [number, number], divId: string): GptSlot | null;
  pubads(): { addEventListener(name: 'slotRenderEnded', listener: (event: RenderEnded) => void): unknown };
  enableServices(): void;
  display(divId: string): void;
}

/** GPT's queue exists before its script arrives (`googletag.cmd`), as Google documents. */
function googletag(): GoogleTag {
  const g = globalThis as unknown as { googletag?: Partial<GoogleTag> };
  g.googletag ??= {};
  g.googletag.cmd ??= [] as unknown as GoogleTag['cmd'];
  return g.googletag as GoogleTag;
}

/** Defines and displays a GPT slot; resolves when GPT says it rendered something. */
function displayGpt(ctx: AdContext, adUnitPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new AdFailure(AD_FAILURE_REASONS.renderFailure)), RENDER_WAIT_MS);
    googletag().cmd.push(() => {
      try {
        const gt = googletag();
        if (!document.getElementById(ctx.slotId)) throw new AdFailure(AD_FAILURE_REASONS.gtagSlotNotFound);
        const slot = gt.defineSlot(adUnitPath, [ctx.size.width, ctx.size.height], ctx.slotId);
        if (!slot) throw new AdFailure(AD_FAILURE_REASONS.gtagSlotNotFound);
        slot.addService(gt.pubads());
        gt.pubads().addEventListener('slotRenderEnded', (event) => {
          if (event.slot !== slot) return;
          clearTimeout(timer);
          if (event.isEmpty) reject(new AdFailure(AD_FAILURE_REASONS.renderFailure));
          else resolve();
        });
        gt.enableServices();
        gt.display(ctx.slotId);
      } catch (error) {
        clearTimeout(timer);
        reject(error);
      }
    });
  });
}

const gtagAdapter: AdAdapter = {
  integration: 'gtag',
  kind: 'display',
  async load(ctx) {
    googletag();
    if (!(await loadScript(ctx.scriptUrl))) throw new AdFailure(AD_FAILURE_REASONS.renderFailure);
  },
  render(ctx) {
    if (!ctx.siteAdIds[0]) return Promise.reject(new AdFailure(AD_FAILURE_REASONS.gtagSlotNotFound));
    return displayGpt(ctx, ctx.siteAdIds[0]);
  },
};

/** Media 32's wrapper (docs/ads.md "m32"): `window.m32.ready`, `m32.cmd`, `m32.display(divId, options)`. */
interface M32 {
  ready?: boolean;
  display(divId: string, options: { adUnit: string | null; adUnit2: string | null; sizes: [number, number][] }): Promise<{ isEmpty: boolean }>;
}

const m32Adapter: AdAdapter = {
  integration: 'm32',
  kind: 'display',
  async load(ctx) {
    const loaded = await loadScript(ctx.scriptUrl);
    const ready = loaded && (await waitFor(() => vendorGlobal<M32>('m32')?.ready === true && typeof vendorGlobal<M32>('m32')?.display === 'function', 2000));
    if (!ready) throw new AdFailure(AD_FAILURE_REASONS.m32NotReady);
  },
  async render(ctx) {
    const m32 = vendorGlobal<M32>('m32')!;
    let result: { isEmpty: boolean } | undefined;
    try {
      result = await m32.display(ctx.slotId, { adUnit: ctx.siteAdIds[0], adUnit2: ctx.siteAdIds[1], sizes: [[ctx.size.width, ctx.size.height]] });
    } catch {
      throw new AdFailure(AD_FAILURE_REASONS.renderFailure);
    }
    if (!result || result.isEmpty) throw new AdFailure(AD_FAILURE_REASONS.renderFailure);
  },
};

for (const adapter of [customAdapter, gtagAdapter, m32Adapter]) registerAdapter(adapter);
