/**
 * core/analytics/engagement.ts and signals.ts: engagement ticks (only while shown and engaged),
 * widget visibility by the engaged rule, comment_read at 3000 ms, login and consent once.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COMMENT_READ_MS, ENGAGEMENT_TICK_MS, EngagementMeter, type WidgetSample } from '../../core/analytics/engagement.ts';
import { consentEvent, loginEvent, shortHash } from '../../core/analytics/signals.ts';
import { isRegionInView } from '../../core/visibility/slice.ts';
import { MemoryStorage } from './helpers/memoryStorage.ts';

const conv = (inView: boolean): WidgetSample => ({ widget: 'vf-conversations', widgetId: 'w1', containerId: 'c1', inView });
const poll = (inView: boolean): WidgetSample => ({ widget: 'vf-poll', widgetId: 'w2', inView });
const dt = ENGAGEMENT_TICK_MS;

test('the engaged rule: 40 px of height and 25 % of width visible', () => {
  const box = { width: 800, height: 900 } as DOMRectReadOnly;
  const seen = (width: number, height: number) => isRegionInView({ boundingClientRect: box, intersectionRect: { width, height } as DOMRectReadOnly });
  assert.equal(seen(200, 40), true);
  assert.equal(seen(800, 39), false);
  assert.equal(seen(199, 900), false);
});

test('time accumulates only while the page is shown and engaged; hidden time apart', () => {
  const meter = new EngagementMeter();
  meter.tick({ dt, hidden: false, engaged: true, widgets: [conv(true), poll(false)] });
  meter.tick({ dt, hidden: false, engaged: false, widgets: [conv(true), poll(false)] });
  meter.tick({ dt, hidden: true, engaged: false, widgets: [conv(true), poll(false)] });
  meter.tick({ dt, hidden: false, engaged: true, widgets: [conv(false), poll(false)] });
  meter.focused();
  const engage = meter.takeEngage();
  assert.deepEqual(engage, { time: 2 * dt, vftime: dt, widgets: 2, containerTime: { c1: dt }, focuses: 1, hiddenTime: dt });
  assert.equal(meter.takeEngage(), null, 'nothing since');
  assert.deepEqual(meter.widgetStats(), [
    { widget: 'vf-conversations', widgetId: 'w1', containerId: 'c1', isVisible: false, engagementTime: dt },
    { widget: 'vf-poll', widgetId: 'w2', isVisible: false, engagementTime: 0 },
  ]);
});

test('widget_visible once per widget; comment_read once when a conversation reaches 3000 ms', () => {
  const meter = new EngagementMeter();
  const visible: string[] = [];
  const read: string[] = [];
  let ticks = 0;
  for (; ticks < 20; ticks++) {
    const result = meter.tick({ dt, hidden: false, engaged: true, widgets: [conv(true), poll(true)] });
    visible.push(...result.becameVisible.map((w) => w.widgetId));
    read.push(...result.commentRead.map((w) => `${w.widgetId}@${(ticks + 1) * dt}`));
  }
  assert.deepEqual(visible, ['w1', 'w2']);
  const readAt = Math.ceil(COMMENT_READ_MS / dt) * dt;
  assert.deepEqual(read, [`w1@${readAt}`], 'only the conversation, once');
});

test('login_success once per email (case and spaces aside); consent once per browser until it changes', () => {
  assert.deepEqual(loginEvent({ user: { email: 'Reader@News.example ' }, type: 'email', is_new: false }), {
    event_type: 'login_success',
    data: { type: 'email', is_new: false },
  });
  assert.equal(loginEvent({ user: { email: 'reader@news.example' }, type: 'cookie' }), null);
  assert.notEqual(loginEvent({ user: { email: 'other@news.example' } }), null);
  assert.equal(loginEvent(null), null);
  assert.equal(JSON.stringify(loginEvent({ user: { email: 'third@news.example' } })).includes('third'), false, 'the email is never sent');
  assert.match(shortHash('x'), /^[0-9a-f]{8}$/);

  const storage = new MemoryStorage();
  const granted = { required: true, granted: true, tcString: 'CP-1' };
  assert.deepEqual(consentEvent(granted, storage)?.data, { required: true, granted: true, error: null, tc_string: 'CP-1' });
  assert.equal(consentEvent(granted, storage), null);
  assert.equal(consentEvent({ required: false, granted: true, error: 'tcfapi-not-supported' }, storage)?.data?.error, 'tcfapi-not-supported');
  assert.equal(storage.getItem('vf.analytics.consent')?.includes('CP-1'), false, 'a fingerprint, not the TC string');
});
