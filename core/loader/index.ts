/**
 * vf.js — the classic-script loader (docs/client-internals.md, docs/global-api.md). No React,
 * Redux or formatjs here: the server it came from (its `src`) is the API's and the chunks' origin;
 * the work is core/loader/start.ts, shared with the npm package's ES entry (core/loader/module.ts).
 */
import { isLoaded, startLoader, type VfWindow } from './start.ts';

if (isLoaded(window as unknown as VfWindow)) throw new Error('Do not load vf.js twice. Please.');

// currentScript is only set while this script first runs: read it now.
const script = document.currentScript as HTMLScriptElement | null;
const origin = script?.src ? new URL(script.src).origin : location.origin;
startLoader({ origin, assets: origin });
