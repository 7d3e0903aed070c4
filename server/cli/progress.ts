/**
 * The import's progress on stderr (docs/import.md "Progress"): on a terminal one line redrawn in
 * place, a bar of bytes read out of the file's size, the comments written and their rate; when
 * stderr is not a terminal (a log, a pipe), a plain line every few seconds instead.
 */
const BAR = 24;
const TTY_EVERY_MS = 200;
const PLAIN_EVERY_MS = 5000;

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

export class Progress {
  private bytes = 0;
  private comments = 0;
  private last = 0;
  private readonly started = Date.now();

  constructor(private readonly total: number, private readonly out: ProgressStream = process.stderr) {}

  update(bytes: number | null, comments: number | null): void {
    if (bytes !== null) this.bytes = bytes;
    if (comments !== null) this.comments = comments;
    const now = Date.now();
    if (now - this.last < (this.out.isTTY ? TTY_EVERY_MS : PLAIN_EVERY_MS)) return;
    this.last = now;
    this.draw(now);
  }

  /** The last figures, and the end of the redrawn line. */
  done(): void {
    this.draw(Date.now());
    if (this.out.isTTY) this.out.write('\n');
  }

  private draw(now: number): void {
    const share = this.total > 0 ? Math.min(1, this.bytes / this.total) : 0;
    const seconds = Math.max(0.001, (now - this.started) / 1000);
    const rate = Math.round(this.comments / seconds);
    const figures = `${(share * 100).toFixed(0).padStart(3)}% ${mb(this.bytes)} / ${mb(this.total)}  ${this.comments} comments  ${rate} comments/s`;
    if (this.out.isTTY) {
      const filled = Math.round(share * BAR);
      this.out.write(`\r[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${figures}\x1b[K`);
    } else this.out.write(`import: ${figures}\n`);
  }
}
