/**
 * The other server processes' signals counts (docs/scaling.md "Presence across processes"): per
 * process, its latest count per `site:container` key as its messages said. A process that sent
 * nothing (not even its heartbeat) for PROCESS_EXPIRY_MS is forgotten, so a process that died
 * without saying goodbye stops counting.
 */
export const PROCESS_EXPIRY_MS = 30_000;

interface ProcessCounts {
  at: number;
  counts: Map<string, number>;
}

export class RemoteCounts {
  private readonly processes = new Map<string, ProcessCounts>();

  has(process: string): boolean {
    return this.processes.has(process);
  }

  /**
   * A process's message: `full` replaces everything it said before (its heartbeat), otherwise only
   * the keys named change (0 = none there). Returns the keys whose count changed.
   */
  apply(process: string, counts: Record<string, unknown>, full: boolean, now: number): string[] {
    let entry = this.processes.get(process);
    if (!entry) this.processes.set(process, (entry = { at: now, counts: new Map() }));
    entry.at = now;
    const changed: string[] = [];
    if (full) {
      for (const key of entry.counts.keys()) {
        if (!Object.hasOwn(counts, key)) {
          entry.counts.delete(key);
          changed.push(key);
        }
      }
    }
    for (const [key, value] of Object.entries(counts)) {
      const count = Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : 0;
      if ((entry.counts.get(key) ?? 0) === count) continue;
      if (count > 0) entry.counts.set(key, count);
      else entry.counts.delete(key);
      changed.push(key);
    }
    return changed;
  }

  /** The sum of the other processes' counts for the key. */
  total(key: string): number {
    let sum = 0;
    for (const { counts } of this.processes.values()) sum += counts.get(key) ?? 0;
    return sum;
  }

  /** Forgets the processes silent for too long; returns the keys they counted in. */
  expire(now: number, maxAgeMs = PROCESS_EXPIRY_MS): string[] {
    const changed: string[] = [];
    for (const [process, { at, counts }] of this.processes) {
      if (now - at <= maxAgeMs) continue;
      this.processes.delete(process);
      changed.push(...counts.keys());
    }
    return changed;
  }

  clear(): void {
    this.processes.clear();
  }
}
