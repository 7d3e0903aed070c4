/** Presence across processes (server/realtime/signals.ts, presence.ts) with Redis replaced by a loop. */
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerFrame } from '../../core/api/types.ts';
import type { HubClient } from '../../server/realtime/hub.ts';
import { PROCESS_EXPIRY_MS, RemoteCounts } from '../../server/realtime/presence.ts';
import { HEARTBEAT_MS, Signals, type SignalMessage } from '../../server/realtime/signals.ts';

const client = (): HubClient & { got: ServerFrame[] } => {
  const got: ServerFrame[] = [];
  return { siteUuid: 'site', got, send: (frame) => got.push(frame) };
};
const counts = (c: HubClient & { got: ServerFrame[] }) => c.got.flatMap((f) => (f.type === 'presence' ? [f.count] : []));

/** Processes joined by a pretend Redis: every message reaches every process, the sender's too. */
function processes(n: number): Signals[] {
  const all = Array.from({ length: n }, () => new Signals());
  const relay = (message: SignalMessage) => {
    for (const process of all) process.receive(structuredClone(message));
  };
  for (const process of all) {
    process.relay = relay;
    process.hello();
  }
  return all;
}

beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'] }));
afterEach(() => mock.timers.reset());

describe('presence across processes', () => {
  it('sums every process’s sockets; a newcomer is told at once, the others within 2 s', () => {
    const [a, b] = processes(2) as [Signals, Signals];
    const [onA, onB] = [client(), client()];
    a.add(onA, 's', ['k']);
    assert.deepEqual(counts(onA), [1]);
    mock.timers.tick(100); // a's change is published
    b.add(onB, 's', ['k']);
    assert.deepEqual(counts(onB), [2]);
    mock.timers.tick(100);
    assert.deepEqual(counts(onA), [1], 'a told 1 a moment ago: it waits');
    mock.timers.tick(1800);
    assert.deepEqual(counts(onA), [1, 2]);

    b.remove(onB, 's', ['k']);
    mock.timers.tick(2000);
    assert.deepEqual(counts(onA), [1, 2, 1]);
  });

  it('typing crosses processes but never returns to its sender', () => {
    const [a, b] = processes(2) as [Signals, Signals];
    const [onA, onB, alsoOnA] = [client(), client(), client()];
    a.add(onA, 'a', ['k']);
    a.add(alsoOnA, 'a2', ['k']);
    b.add(onB, 'b', ['k']);
    assert.equal(a.typing(onA, 'k'), null);
    const typed = (c: { got: ServerFrame[] }) => c.got.filter((f) => f.type === 'typing');
    assert.equal(typed(onA).length, 0);
    assert.equal(typed(alsoOnA).length, 1);
    assert.equal(typed(onB).length, 1);
    assert.deepEqual(typed(onB)[0], { ...typed(alsoOnA)[0], subscription_id: 'b' });
  });

  it('a process silent for 30 s stops counting', () => {
    const remote = new RemoteCounts();
    assert.deepEqual(remote.apply('p1', { k: 3, j: 1 }, true, 0), ['k', 'j']);
    assert.deepEqual(remote.apply('p2', { k: 2 }, false, 0), ['k']);
    assert.equal(remote.total('k'), 5);
    assert.deepEqual(remote.apply('p1', { k: 3 }, true, HEARTBEAT_MS), ['j'], 'a heartbeat replaces what p1 said');
    assert.deepEqual(remote.expire(PROCESS_EXPIRY_MS), []);
    assert.deepEqual(remote.expire(PROCESS_EXPIRY_MS + 1), ['k'], 'p2 said nothing for 30 s');
    assert.equal(remote.total('k'), 3);
    assert.deepEqual(remote.apply('p1', {}, true, PROCESS_EXPIRY_MS + 2), ['k'], 'a goodbye clears it at once');
    assert.equal(remote.total('k'), 0);
  });
});
