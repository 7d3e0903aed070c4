/**
 * @open-wc's `waitUntil` with a 5 s default instead of 1 s. A browser test waits for what a reader
 * would wait for (a server answer, a socket event, a React commit); on CI's two loaded cores, beside
 * the e2e lane, those took more than 1 s now and then and failed a correct product. How fast things
 * are belongs in bench/, not here. A test that means a shorter or longer wait still says so.
 */
import { waitUntil as openWcWaitUntil } from '@open-wc/testing';

type Options = Parameters<typeof openWcWaitUntil>[2];

export function waitUntil(predicate: () => unknown | Promise<unknown>, message?: string, options: Options = {}): Promise<void> {
  return openWcWaitUntil(predicate, message, { timeout: 5_000, ...options });
}
