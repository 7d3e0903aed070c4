/**
 * Prometheus text exposition format 0.0.4, written by hand (docs/server.md "Operations"): a
 * latency histogram keyed by its labels, and the helpers that print counters and gauges.
 */

export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Prometheus' default buckets, in seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type Labels = Record<string, string>;

/** A label value as the format wants it: backslash, double quote and line feed escaped. */
const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

function labelText(labels: Labels): string {
  const pairs = Object.entries(labels).map(([name, value]) => `${name}="${escapeLabel(value)}"`);
  return pairs.length ? `{${pairs.join(',')}}` : '';
}

/** A number as the format prints it (+Inf, NaN spelled its way). */
function valueText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

/** `# HELP`, `# TYPE` and one sample per labelled value. */
export function family(name: string, type: 'counter' | 'gauge', help: string, samples: { labels?: Labels; value: number }[]): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
  for (const { labels = {}, value } of samples) lines.push(`${name}${labelText(labels)} ${valueText(value)}`);
  return lines.join('\n');
}

interface Series {
  labels: Labels;
  counts: number[]; // per bucket, not cumulative
  sum: number;
  count: number;
}

export class Histogram {
  private readonly series = new Map<string, Series>();

  constructor(
    private readonly name: string,
    private readonly help: string,
    private readonly buckets: readonly number[] = LATENCY_BUCKETS,
  ) {}

  /** Runs once per request: the series key is the label values as given (every series has the same names, in the same order), escaped only by render(). */
  observe(labels: Labels, value: number): void {
    const key = Object.values(labels).join('\0');
    let series = this.series.get(key);
    if (!series) this.series.set(key, (series = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 }));
    const bucket = this.buckets.findIndex((bound) => value <= bound);
    if (bucket >= 0) series.counts[bucket]!++;
    series.sum += value;
    series.count++;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += counts[i]!;
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: valueText(bound) })} ${cumulative}`);
      });
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${valueText(sum)}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines.join('\n');
  }
}
