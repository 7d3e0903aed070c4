export function freePort(): Promise<number>;
/** `output()`: the last 20,000 characters the server wrote (stdout and stderr). */
export interface RunningServer { origin: string; dataDir: string; pid: number; output(): string; stop(): Promise<void> }
/** `host`: the HOST to listen on (default 127.0.0.1; 0.0.0.0 is reached through 127.0.0.1). */
export function startServer(options?: { env?: Record<string, string>; host?: string; timeoutMs?: number }): Promise<RunningServer>;
