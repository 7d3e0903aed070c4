/** Stand-ins for a slow or dropped network in browser tests: the page's own fetch, held or failed. */

/**
 * Holds the page's requests matching `pattern` (and `method`, if given) until `release()`, or fails the next
 * `failures` of them as a dropped connection would; `restore()` puts fetch back.
 */
export function throttleFetch({ failures = 0, pattern, method }: { failures?: number; pattern: RegExp; method?: string }) {
  const real = window.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let failing = failures;
  let calls = 0;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (pattern.test(url) && (!method || (init?.method ?? 'GET') === method)) {
      calls += 1;
      if (failing > 0) {
        failing -= 1;
        throw new TypeError('Failed to fetch');
      }
      if (!failures) await gate;
    }
    return real(input, init);
  };
  return { release, restore: () => void (window.fetch = real), calls: () => calls };
}
