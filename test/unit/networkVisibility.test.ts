// Online/offline state in the store, and the per-region in-view rule (40 px tall, 25% wide).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAppStore } from '../../core/store/index.ts';
import { selectIsOnline, watchNetwork } from '../../core/network/slice.ts';
import { isRegionInView, regionChanged, regionRemoved, selectRegionInView } from '../../core/visibility/slice.ts';

const rect = (width: number, height: number) => ({ width, height }) as DOMRectReadOnly;

describe('network', () => {
  it('follows the window\'s offline and online events, and stops when asked', () => {
    const store = createAppStore();
    const win = new EventTarget() as unknown as Window;
    const stop = watchNetwork(win, store.dispatch);
    win.dispatchEvent(new Event('offline'));
    assert.equal(selectIsOnline(store.getState()), false);
    win.dispatchEvent(new Event('online'));
    assert.equal(selectIsOnline(store.getState()), true);
    stop();
    win.dispatchEvent(new Event('offline'));
    assert.equal(selectIsOnline(store.getState()), true);
  });
});

describe('region visibility', () => {
  it('counts a region in view from 40 px of its height and 25% of its width', () => {
    const box = rect(400, 600);
    assert.equal(isRegionInView({ boundingClientRect: box, intersectionRect: rect(400, 40) }), true);
    assert.equal(isRegionInView({ boundingClientRect: box, intersectionRect: rect(400, 39) }), false);
    assert.equal(isRegionInView({ boundingClientRect: box, intersectionRect: rect(100, 300) }), true);
    assert.equal(isRegionInView({ boundingClientRect: box, intersectionRect: rect(99, 300) }), false);
    assert.equal(isRegionInView({ boundingClientRect: rect(0, 0), intersectionRect: rect(0, 0) }), false);
  });

  it('keeps each region\'s state by widget id until it is removed', () => {
    const store = createAppStore();
    store.dispatch(regionChanged({ id: 'w1', inView: true, at: 1 }));
    store.dispatch(regionChanged({ id: 'w2', inView: false, at: 2 }));
    assert.equal(selectRegionInView(store.getState(), 'w1'), true);
    assert.equal(selectRegionInView(store.getState(), 'w2'), false);
    store.dispatch(regionChanged({ id: 'w1', inView: true, at: 5 }));
    assert.equal(store.getState().visibility.regions['w1']?.since, 1, 'no change, no new timestamp');
    store.dispatch(regionRemoved('w1'));
    assert.equal(store.getState().visibility.regions['w1'], undefined);
  });
});
