import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Histogram } from '../../server/operations/metrics.ts';

test('a histogram keeps one series per label set, cumulative buckets, labels escaped in the exposition', () => {
  const latency = new Histogram('h', 'help', [0.1, 1]);
  latency.observe({ route: '/a', status: '2xx' }, 0.05);
  latency.observe({ route: '/a', status: '2xx' }, 0.5);
  latency.observe({ route: '/a', status: '4xx' }, 5);
  latency.observe({ route: 'q"\\\n', status: '2xx' }, 0.05);
  const lines = latency.render().split('\n');
  assert.deepEqual(lines.slice(0, 2), ['# HELP h help', '# TYPE h histogram']);
  for (const line of [
    'h_bucket{route="/a",status="2xx",le="0.1"} 1',
    'h_bucket{route="/a",status="2xx",le="1"} 2',
    'h_bucket{route="/a",status="2xx",le="+Inf"} 2',
    'h_count{route="/a",status="2xx"} 2',
    'h_bucket{route="/a",status="4xx",le="1"} 0',
    'h_count{route="/a",status="4xx"} 1',
    'h_sum{route="/a",status="4xx"} 5',
    'h_count{route="q\\"\\\\\\n",status="2xx"} 1',
  ]) assert.ok(lines.includes(line), line);
  assert.equal(lines.filter((line) => line.startsWith('h_count')).length, 3);
});
