/**
 * Chunk imports with the spec's failure rule (§8, §9): an import that fails, or does not settle
 * within 120000 ms, rejects with a `ChunkLoadError` naming the chunk and the request address.
 */

export const CHUNK_TIMEOUT_MS = 120000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    /** The chunk's name in the manifest (`core`, `vf-tray`, …). */
    readonly chunk: string,
    /** The address that was requested. */
    readonly request: string,
    override readonly cause?: unknown,
  ) {
    super(`Loading chunk ${chunk} failed. (${request})`);
  }
}

export function importChunk(
  chunk: string,
  request: string,
  importer: (url: string) => Promise<unknown>,
  timeoutMs = CHUNK_TIMEOUT_MS,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const fail = (cause: unknown) => reject(new ChunkLoadError(chunk, request, cause));
    const timer = setTimeout(() => fail('timeout'), timeoutMs);
    importer(request).then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        fail(error);
      },
    );
  });
}
