/**
 * One interface for every ad integration (docs/ads.md "Adapters") and the registry that maps an
 * integration to its adapter. An adapter loads its vendor's script and renders into a slot; it
 * reports what went wrong by throwing an `AdFailure` with a §8 reason (failure.ts).
 */
import type { AdIntegration } from '../settings/ads.ts';
import type { AdSize } from './format.ts';

export type AdKind = 'display' | 'video' | 'recommendation';

export interface AdContext {
  /** The slot in the light DOM of the page (vendors find slots by id in `document`). */
  slot: HTMLElement;
  slotId: string;
  /** The surface's two site ad ids (an ad unit path, a widget id, a player id, …). */
  siteAdIds: [string | null, string | null];
  size: AdSize;
  /** Taboola's placement name (format.ts `taboolaPlacement`). */
  placement: string;
  /** The vendor script's address (site setting, else the vendor's own), already absolute. */
  scriptUrl: string | null;
  /** The page's address, for recommendation widgets. */
  pageUrl: string;
}

export interface AdAdapter {
  integration: Exclude<AdIntegration, 'none'>;
  kind: AdKind;
  /** Loads the vendor's script; throws AdFailure when it cannot be used. */
  load(ctx: AdContext): Promise<void>;
  /** Asks the vendor for a creative in `ctx.slot`; resolves once one is there. */
  render(ctx: AdContext): Promise<void>;
}

const adapters = new Map<string, AdAdapter>();

export function registerAdapter(adapter: AdAdapter): void {
  adapters.set(adapter.integration, adapter);
}

export function adapterFor(integration: AdIntegration): AdAdapter | null {
  return adapters.get(integration) ?? null;
}

/** Resolves when `ready()` is true, checking every 50 ms; false after `ms`. */
export function waitFor(ready: () => boolean, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      let ok = false;
      try {
        ok = ready();
      } catch {
        ok = false;
      }
      if (ok) resolve(true);
      else if (Date.now() - started >= ms) resolve(false);
      else setTimeout(check, 50);
    };
    check();
  });
}

/** How long a vendor may take to put a creative in the slot. */
export const RENDER_WAIT_MS = 5000;

/** The vendor's creative arrived: the slot has content. */
export const slotFilled = (slot: HTMLElement) => () => slot.childElementCount > 0;

/** The page's globals, typed loosely: vendors' APIs are checked before use. */
export const vendorGlobal = <T>(name: string): T | undefined => (globalThis as unknown as Record<string, T | undefined>)[name];
