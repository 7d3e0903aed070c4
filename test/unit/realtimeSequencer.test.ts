import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventSequencer } from '../../core/realtime/sequencer.ts';
import { CONTAINER, event } from './helpers/fixtures.ts';

const seqs = (step: { apply: { seq: number }[] }) => step.apply.map((e) => e.seq);

describe('EventSequencer', () => {
  it('applies the next event, drops duplicates and older ones', () => {
    const s = new EventSequencer();
    assert.deepEqual(s.latest(CONTAINER, 4), { apply: [], fetchAfter: null }, 'the subscribe reply is the starting point');
    assert.deepEqual(seqs(s.receive(event({ seq: 5 }))), [5]);
    assert.deepEqual(seqs(s.receive(event({ seq: 5 }))), []);
    assert.deepEqual(seqs(s.receive(event({ seq: 3 }))), []);
    assert.equal(s.lastSeq(CONTAINER), 5);
  });

  it('holds events after a gap, asks for the gap, and releases them in order once filled', () => {
    const s = new EventSequencer();
    s.latest(CONTAINER, 1);
    assert.deepEqual(s.receive(event({ seq: 4 })).fetchAfter, 1);
    assert.deepEqual(s.receive(event({ seq: 3 })).fetchAfter, 1);
    // The catch-up page: 2 fills the gap and releases 3 and 4; 3 from the page is a duplicate.
    assert.deepEqual(seqs(s.receive(event({ seq: 2 }))), [2, 3, 4]);
    assert.deepEqual(seqs(s.receive(event({ seq: 3 }))), []);
    assert.deepEqual(s.latest(CONTAINER, 4), { apply: [], fetchAfter: null });
  });

  it('a larger latest number after a reconnect means events were missed', () => {
    const s = new EventSequencer();
    s.latest(CONTAINER, 0);
    s.receive(event({ seq: 1 }));
    assert.equal(s.latest(CONTAINER, 7).fetchAfter, 1);
    s.restartAt(CONTAINER, 7); // the log no longer had them: reload and continue from 7
    assert.deepEqual(seqs(s.receive(event({ seq: 8 }))), [8]);
  });

  it('without a starting point the first event is the start; containers are independent', () => {
    const s = new EventSequencer();
    assert.deepEqual(seqs(s.receive(event({ seq: 9 }))), [9]);
    assert.deepEqual(seqs(s.receive(event({ seq: 1, content_container_uuid: 'other' }))), [1]);
    assert.equal(s.lastSeq(CONTAINER), 9);
    assert.equal(s.lastSeq('other'), 1);
  });

  it('a list read at an earlier event than the last applied one asks for the events since the list', () => {
    const s = new EventSequencer();
    assert.equal(s.baseline(CONTAINER, 3), null, 'the first number is the starting point');
    assert.equal(s.lastSeq(CONTAINER), 3);
    assert.equal(s.baseline(CONTAINER, 4), null, 'a newer list needs nothing');
    for (const seq of [4, 5, 6, 7]) s.receive(event({ seq }));
    assert.equal(s.lastSeq(CONTAINER), 7);
    assert.equal(s.baseline(CONTAINER, 5), 5, 'events 6 and 7 may be missing from that list');
    assert.deepEqual(seqs(s.receive(event({ seq: 6 }))), [6], 'and are applied again when they come');
  });
});
