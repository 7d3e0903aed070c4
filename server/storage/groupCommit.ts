/**
 * Group commit: items that arrive while a write is running go into the next write together, so a
 * busy path costs one transaction per group, not per item. Each item is answered (its own outcome)
 * only after its group's write finished; a failed write fails every item of its group. Poll votes
 * (polls/voteBatcher.ts), analytics batches (analytics/ingestQueue.ts) and new comments, replies,
 * posts and reviews (contentInserts.ts) are written this way.
 */
interface Waiting<In, Out> {
  item: In;
  resolve(outcome: Out): void;
  reject(error: unknown): void;
}

export class GroupCommit<In, Out> {
  private queue: Waiting<In, Out>[] = [];
  private writing = false;
  private scheduled = false;

  /**
   * `write` stores a group and answers one outcome per item, in order; `take` says how many of the
   * queued items (at least one) the next group takes.
   */
  constructor(
    private readonly write: (items: In[]) => Promise<Out[]>,
    private readonly take: (queued: readonly In[]) => number,
  ) {}

  /** Items waiting for a write (the running write's group not counted): /metrics' vf_queue_depth. */
  get depth(): number {
    return this.queue.length;
  }

  add(item: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /**
   * The write starts on the next turn of the event loop, not at once: SQLite's driver is
   * synchronous, so a write started at once would finish before any other request is read, and
   * every group would be of one.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    const group = this.queue.splice(0, Math.max(1, this.take(this.queue.map((waiting) => waiting.item))));
    try {
      const outcomes = await this.write(group.map((waiting) => waiting.item));
      group.forEach((waiting, i) => waiting.resolve(outcomes[i]!));
    } catch (error) {
      for (const waiting of group) waiting.reject(error);
    } finally {
      this.writing = false;
      if (this.queue.length > 0) this.schedule();
    }
  }
}
