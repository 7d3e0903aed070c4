/**
 * A CommonJS package loaded where it is first needed rather than when the server starts: the
 * drivers and clients a configuration may not use (pg without DATABASE_URL, ioredis without
 * REDIS_URL, nodemailer without SMTP_URL, web-push until a push is sent) each cost memory and
 * start time (docs/server.md "Memory and start time"). Synchronous, like the import it replaces;
 * Node caches the package after the first call. Types come from `typeof import(...)`.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function loadPackage<T>(name: string): T {
  return require(name) as T;
}
