// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram { average: number; p50: number; p99: number }
  interface Result { requests: Histogram; latency: Histogram; errors: number; non2xx: number; '2xx': number }
  interface Client { setHeaders(headers: Record<string, string>): void }
  function autocannon(options: {
    url: string; connections?: number; duration?: number; amount?: number; method?: string; body?: string;
    headers?: Record<string, string>; setupClient?: (client: Client) => void;
  }): Promise<Result>;
  export default autocannon;
}
