export { freePort } from "../../scripts/cluster/ports.mjs";
/** `output()`: the last 20,000 characters the server wrote (stdout and stderr); `exited`: how the process ended. */
export interface RunningServer {
  origin: string; dataDir: string; pid: number; output(): string; exited: Promise<{ code: number | null; signal: string | null }>; stop(): Promise<void>;
}
/** The limits off and the lowest password cost, as every test server runs. */
export const TEST_SERVER_ENV: Record<string, string>;
/**
 * `host`: the HOST to listen on (default 127.0.0.1; 0.0.0.0 is reached through 127.0.0.1).
 * `built`: run the production build (`dist/server/main.js`, `npm run build` first) instead of server/main.ts through tsx.
 * `port`: listen there (a caller that needs its origin before the start: `freePort()`); default any free port.
 */
export function startServer(options?: { env?: Record<string, string>; host?: string; timeoutMs?: number; built?: boolean; port?: number }): Promise<RunningServer>;
