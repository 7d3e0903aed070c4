/**
 * An element's stylesheet is its own chunk (a dynamic import): a failure — or no answer within
 * the chunk time-out — rejects with an error whose `code` is `CSS_CHUNK_LOAD_FAILED` (spec §8).
 */
import { CHUNK_TIMEOUT_MS } from '../loader/chunks.ts';

export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

export class CssChunkLoadError extends Error {
  override name = 'CssChunkLoadError';
  readonly code = CSS_CHUNK_LOAD_FAILED;
  constructor(
    readonly tag: string,
    override readonly cause?: unknown,
  ) {
    super(`Loading the stylesheet of <${tag}> failed.`);
  }
}

export type CssLoader = () => Promise<{ default: string }>;

export function loadCssChunk(tag: string, load: CssLoader, timeoutMs = CHUNK_TIMEOUT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new CssChunkLoadError(tag, 'timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module.default);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new CssChunkLoadError(tag, error));
      },
    );
  });
}
