// Requests per second and latency of the comments list on loopback against the real server.
import autocannon from 'autocannon';

export interface ListLoad { requestsPerSecond: number; p50: number; p99: number; errors: number }

export async function measureCommentsList(url: string, seconds = 5, connections = 10): Promise<ListLoad> {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
