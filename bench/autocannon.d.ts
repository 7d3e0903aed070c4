// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram { average: number; p50: number; p99: number }
  interface Result { requests: Histogram; latency: Histogram; errors: number; non2xx: number; '2xx': number }
  interface Client { setHeaders(headers: Record<string, string>): void }
  function autocannon(options: {
    url: string; connections?: number; duration?: number; amount?: number; method?: string; body?: string;
    headers?: Record<string, string>; setupClient?: (client: Client) => void;
    /** Requests per second over all connections together. */
    overallRate?: number;
  }): Run;
  /** The run: its result once over (it ends on its next 1 s tick), and an event per response. */
  interface Run extends PromiseLike<Result> { on(event: 'response', listener: (client: Client, status: number, bytes: number, ms: number) => void): Run }
  export default autocannon;
}
