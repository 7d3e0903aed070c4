/**
 * The cluster layer's readers (issue 47): websockets through nginx that reconnect and catch up as
 * the page's realtime middleware does (core/realtime: back-off, subscribe, the sequencer, the
 * catch-up call), and what each saw against what was acknowledged.
 */
import { WebSocket } from 'ws';
import type { ContentEvent, EventsPage, ServerFrame } from '../../core/api/types.ts';
import { backoffDelay } from '../../core/realtime/backoff.ts';
import { EventSequencer, type Step } from '../../core/realtime/sequencer.ts';
import { subscribeFrame } from '../server/realtime-client.ts';
import { callApi } from '../support/callApi.ts';
import { type Cluster, type Recorder, SITE, until } from './support.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * One page's realtime feed on one container, through nginx: it reconnects after any close with the
 * page's back-off, resubscribes, and catches up through nginx. A probe (`port`) stays on one
 * process's own port instead and reconnects every 200 ms; its failed connects are not counted
 * (it is meant to fail while its process is down). A reader's are, in the recorder: an upgrade
 * refused (with nginx's status), a socket cut without a close frame (1006), any other close than
 * 1012's "Service restart", a subscription refused or unanswered.
 */
export class Reader {
  readonly sequencer = new EventSequencer();
  /** Events applied, exactly once and in order, as the page applies them. */
  readonly applied: ContentEvent[] = [];
  readonly closes = new Map<number, number>();
  /** Events the socket or a catch-up brought that had been applied already (dropped by the sequencer). */
  duplicatesDropped = 0;
  connects = 0;
  subscribed = false;
  private socket: WebSocket | null = null;
  private attempt = 0;
  private stopped = false;
  private catchingUp = false;
  private catchUpAgain = false;

  constructor(private readonly cluster: Cluster, private readonly recorder: Recorder, readonly container: string, private readonly port?: number) {}

  /** Connects; resolves once the first subscription is confirmed. */
  async start(): Promise<void> {
    this.connect();
    await until(() => this.subscribed, 20_000, `a reader's first subscription (port ${this.port ?? 'nginx'})`);
  }

  lastSeq(): number {
    return this.sequencer.lastSeq(this.container) ?? 0;
  }

  has(contentUuid: string): boolean {
    return this.applied.some((event) => event.event === 'created' && event.content_uuid === contentUuid);
  }

  stop(): void {
    this.stopped = true;
    this.socket?.terminate();
  }

  private connect(): void {
    const socket = new WebSocket(this.port ? `ws://127.0.0.1:${this.port}/ws?site_uuid=${SITE}` : this.cluster.wsUrl);
    this.socket = socket;
    const began = Date.now();
    let opened = false;
    let failed = false; // recorded already (or ended by us): its close is not counted again
    const fail = (what: string, status: number, retryAfter: string | null = null, body = '') => {
      if (!failed && !this.port && !this.stopped) this.recorder.answers.push({ what, started: began, ended: Date.now(), status, retryAfter, body });
      failed = true;
    };
    let timer: ReturnType<typeof setTimeout> | null = null;
    socket.on('unexpected-response', (_request, response) => {
      const retryAfter = response.headers['retry-after'];
      fail('websocket upgrade', response.statusCode ?? 0, typeof retryAfter === 'string' ? retryAfter : null);
      response.resume();
      socket.terminate();
    });
    socket.on('open', () => {
      opened = true;
      this.connects++;
      this.attempt = 0;
      socket.send(JSON.stringify(subscribeFrame('live', this.container)));
      timer = setTimeout(() => { // as the page's subscribe time-out; then a new socket
        fail('subscribe unanswered', 0);
        socket.terminate();
      }, 5000);
    });
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      if (frame.type === 'subscribe_success') {
        if (timer) clearTimeout(timer);
        this.subscribed = true;
        this.run(this.sequencer.latest(this.container, frame.seqs?.[this.container] ?? 0));
      } else if (frame.type === 'event' && frame.data?.content_container_uuid === this.container) {
        if (frame.data.seq <= this.lastSeq()) this.duplicatesDropped++;
        this.run(this.sequencer.receive(frame.data));
      } else if (frame.type === 'error') {
        fail('subscribe refused', 0, null, frame.message);
        socket.terminate();
      }
    });
    socket.on('error', (error) => {
      if (!opened) fail('websocket upgrade', 0, null, error.message); // else a close follows
    });
    socket.on('close', (code) => {
      if (timer) clearTimeout(timer);
      this.subscribed = false;
      this.closes.set(code, (this.closes.get(code) ?? 0) + 1);
      if (opened && code === 1006) fail('websocket cut', 1006);
      else if (opened && code !== 1012) fail('websocket closed', code);
      if (this.stopped) return;
      setTimeout(() => this.stopped || this.connect(), this.port ? 200 : backoffDelay(this.attempt++));
    });
  }

  private run(step: Step): void {
    this.apply(step.apply);
    if (step.fetchAfter !== null) void this.catchUp();
  }

  private apply(events: ContentEvent[]): void {
    this.applied.push(...events);
  }

  /** The catch-up call from the last applied event, one at a time, retried with back-off while it fails. */
  private async catchUp(): Promise<void> {
    if (this.catchingUp) {
      this.catchUpAgain = true;
      return;
    }
    this.catchingUp = true;
    for (let failures = 0; !this.stopped;) {
      this.catchUpAgain = false;
      const url = `${this.cluster.origin}/api/comments/${SITE}/${this.container}/events?after=${this.lastSeq()}&limit=200`;
      const page = await this.recorder.call<EventsPage>('catch-up', url);
      if (!page) {
        await sleep(backoffDelay(failures++));
        continue;
      }
      failures = 0;
      for (const event of page.events) {
        if (event.seq <= this.lastSeq()) this.duplicatesDropped++;
        this.apply(this.sequencer.receive(event).apply);
      }
      this.apply(this.sequencer.latest(this.container, page.latest_seq).apply);
      if (!page.more && !this.catchUpAgain && page.latest_seq <= this.lastSeq()) break;
    }
    this.catchingUp = false;
  }
}

/** Problems in what a reader applied: comments acknowledged but never applied, comments applied twice, gaps in the numbers. */
export function audit(reader: Reader, acknowledged: Iterable<string>): { missing: string[]; doubled: string[]; gaps: number } {
  const created = reader.applied.filter((event) => event.event === 'created').map((event) => event.content_uuid);
  const seen = new Set(created);
  const seqs = reader.applied.map((event) => event.seq);
  return {
    missing: [...acknowledged].filter((uuid) => !seen.has(uuid)),
    doubled: created.filter((uuid, i) => created.indexOf(uuid) !== i),
    gaps: seqs.filter((seq, i) => i > 0 && seq !== seqs[i - 1]! + 1).length,
  };
}
