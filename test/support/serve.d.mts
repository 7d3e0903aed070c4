export function freePort(): Promise<number>;
export interface RunningServer { origin: string; dataDir: string; pid: number; stop(): Promise<void> }
export function startServer(options?: { env?: Record<string, string>; timeoutMs?: number }): Promise<RunningServer>;
