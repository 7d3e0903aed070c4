/**
 * <vf-moderation-queue>'s pure rules: which key press does what (never while typing, never with a
 * modifier), and which open queue page a live item belongs to (its first page, its filters).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { matchesQueue } from '../../core/api/moderationLive.ts';
import type { QueueItem } from '../../core/moderation/types.ts';
import { queueKey } from '../../elements/vf-moderation-queue/keys.ts';

const press = (key: string, target: Partial<HTMLElement & { type: string }> = { tagName: 'ARTICLE' }, mods = {}) =>
  queueKey({ key, target: target as unknown as EventTarget, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('the queue keys', () => {
  it('j/k move, a/r/s decide, x selects, z undoes, ? lists them', () => {
    assert.deepEqual(['j', 'k', 'a', 'r', 's', 'x', 'z', '?'].map((k) => press(k)), [
      { move: 1 }, { move: -1 }, { decide: 'approve' }, { decide: 'reject' }, { decide: 'spam' }, { select: true }, { undo: true }, { help: true },
    ]);
    assert.equal(press('q'), null);
  });

  it('nothing while typing in a field or with Ctrl, Alt or Meta; a checkbox is not a field', () => {
    assert.equal(press('a', { tagName: 'INPUT', type: 'search' }), null);
    assert.equal(press('a', { tagName: 'TEXTAREA' }), null);
    assert.equal(press('a', { tagName: 'SELECT' }), null);
    assert.equal(press('a', { tagName: 'DIV', isContentEditable: true }), null);
    assert.equal(press('a', { tagName: 'ARTICLE' }, { ctrlKey: true }), null);
    assert.deepEqual(press('x', { tagName: 'INPUT', type: 'checkbox' }), { select: true });
  });
});

describe('a live item and the open queue pages', () => {
  const item = {
    uuid: 'i1', kind: 'comment', content: 'A Darn good point', author: { uuid: 'u1' },
    page: { container_uuid: 'c1', section: 'Science' },
  } as unknown as QueueItem;

  it('belongs to the first page of its queue when every filter matches (text ignoring case)', () => {
    assert.equal(matchesQueue({ queue: 'pending', order: 'newest' }, 'pending', item), true);
    assert.equal(matchesQueue({ queue: 'pending', order: 'newest', kind: 'comment', container: 'c1', author: 'u1', pageSection: 'Science', q: 'darn' }, 'pending', item), true);
  });

  it('not to another queue, a later page, or a page filtered on something else', () => {
    assert.equal(matchesQueue({ queue: 'reported', order: 'newest' }, 'pending', item), false);
    assert.equal(matchesQueue({ queue: 'pending', order: 'newest', cursor: 'x' }, 'pending', item), false);
    assert.equal(matchesQueue({ queue: 'pending', order: 'newest', kind: 'review' }, 'pending', item), false);
    assert.equal(matchesQueue({ queue: 'pending', order: 'newest', container: 'c2' }, 'pending', item), false);
    assert.equal(matchesQueue({ queue: 'pending', order: 'newest', author: 'u2' }, 'pending', item), false);
    assert.equal(matchesQueue({ queue: 'pending', order: 'newest', pageSection: 'Sport' }, 'pending', item), false);
    assert.equal(matchesQueue({ queue: 'pending', order: 'newest', q: 'nothing' }, 'pending', item), false);
  });
});
