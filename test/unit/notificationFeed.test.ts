// The tray feed's pure logic (core/notifications/grouping.ts, throttle.ts): group status and
// visibility (content.md §4), headings by the reader's local day, status forward-only edits,
// delete, the 2500 ms refresh throttle (content.md §9), and which live notices count (§4).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Notification, NotificationFeed, NotificationStatus } from '../../core/api/notificationTypes.ts';
import {
  advanceStatus, daySection, feedGroups, groupStatus, removeNotification, sectionGroups,
} from '../../core/notifications/grouping.ts';
import { createThrottle } from '../../core/notifications/throttle.ts';
import { noticeCounts } from '../../core/notifications/live.ts';
import type { NotificationNotice } from '../../core/api/notificationTypes.ts';
import type { SessionState } from '../../core/session/slice.ts';

const NOW = new Date(2026, 10, 25, 15, 0).getTime(); // local time
const HOUR = 3600_000;

function note(uuid: string, actor: string, status: NotificationStatus, time: number, over: Partial<Notification> = {}): Notification {
  return {
    notification_uuid: uuid, notification_type: 'like', service_type: 'comments', grouping_key: 'like:c1', section_uuid: 's',
    content_container_uuid: 'k', content_uuid: 'c1', thread_uuid: 'c1', target_uuid: 'c1', actor_uuid: actor, actor_type: 'user',
    status, time, ...over,
  };
}

function feed(notifications: Notification[]): NotificationFeed {
  const keys = [...new Set(notifications.map((n) => n.grouping_key))];
  return {
    notifications,
    groups: keys.map((key) => {
      const first = notifications.find((n) => n.grouping_key === key)!;
      return {
        grouping_key: key, section_uuid: 's', content_container_uuid: 'k', thread_uuid: null, notification_type: first.notification_type,
        service_type: first.service_type, notifications: notifications.filter((n) => n.grouping_key === key).map((n) => n.notification_uuid),
      };
    }),
    actors: {
      ada: { uuid: 'ada', name: 'Ada', pic_small: null },
      bo: { uuid: 'bo', name: 'Bo', pic_small: null },
      cy: { uuid: 'cy', name: 'Cy', pic_small: null },
    },
    contents: {
      c1: { content_uuid: 'c1', excerpt: 'My comment', container_uuid: 'k', thread_uuid: 'c1', url: 'https://x.test/a#vf-c1', title: 'A', is_picked: false },
      r1: { content_uuid: 'r1', excerpt: 'A reply', container_uuid: 'k', thread_uuid: 'c1', url: 'https://x.test/a#vf-r1', title: 'A', is_picked: false },
    },
    broadcasts: {},
    counts: { new: notifications.filter((n) => n.status === 'new').length },
    channel: 'ch',
  };
}

describe('group status (content.md §4)', () => {
  it('is new if any member is new, else seen if any is, else read', () => {
    assert.equal(groupStatus(['read', 'new', 'seen']), 'new');
    assert.equal(groupStatus(['read', 'seen']), 'seen');
    assert.equal(groupStatus(['read', 'read']), 'read');
  });
});

describe('feedGroups', () => {
  const likes = [note('n1', 'ada', 'read', NOW - HOUR), note('n2', 'bo', 'seen', NOW - 2 * HOUR), note('n3', 'ada', 'read', NOW - 3 * HOUR)];
  const reply = note('n4', 'cy', 'new', NOW - 30 * 60_000, { notification_type: 'reply', grouping_key: 'reply:c1', content_uuid: 'r1' });

  it('makes one entry per group, newest first, with its distinct actors and status', () => {
    const groups = feedGroups(feed([...likes, reply]));
    assert.deepEqual(groups.map((g) => [g.key, g.status, g.actors.map((a) => a.name)]), [
      ['reply:c1', 'new', ['Cy']],
      ['like:c1', 'seen', ['Ada', 'Bo']],
    ]);
    assert.equal(groups[0]!.content?.excerpt, 'A reply');
    assert.equal(groups[1]!.content?.excerpt, 'My comment');
    assert.equal(groups[1]!.time, NOW - HOUR);
  });

  it('leaves out muted and unknown actors, and content that is gone (spam, disabled)', () => {
    const f = feed([...likes, reply, note('n5', 'ghost', 'new', NOW)]);
    assert.deepEqual(feedGroups(f, new Set(['bo'])).find((g) => g.key === 'like:c1')!.actors.map((a) => a.name), ['Ada']);
    delete f.contents.r1;
    delete f.contents.c1;
    assert.deepEqual(feedGroups(f).map((g) => g.key), []);
  });

  it('shows a group only while one of its members is shown; status follows the shown ones', () => {
    const groups = feedGroups(feed(likes), new Set(['ada']));
    assert.equal(groups.length, 1);
    assert.equal(groups[0]!.status, 'seen');
    assert.deepEqual(feedGroups(feed(likes), new Set(['ada', 'bo'])), []);
  });

  it('shows a broadcast with its record', () => {
    const b = note('n6', 'ada', 'new', NOW, { notification_type: 'broadcast_site', grouping_key: 'broadcast:b1', content_uuid: null, target_uuid: 'b1', service_type: 'broadcast' });
    const f = feed([b]);
    assert.deepEqual(feedGroups(f), []);
    f.broadcasts.b1 = {
      notification_uuid: 'b1', notification_type: 'broadcast_site', actor_uuid: 'ada', section_uuid: 's', target_title: 'Hello', target_description: '',
      target_url: null, target_image_url: null, target_image_alt: null, target_topic_id: null, time: NOW,
    };
    assert.equal(feedGroups(f)[0]!.broadcast?.target_title, 'Hello');
  });
});

describe('headings by the reader\'s local day', () => {
  it('today from local midnight, last week for the 7 days before, older before that', () => {
    const midnight = new Date(2026, 10, 25).getTime();
    assert.equal(daySection(midnight, NOW), 'today');
    assert.equal(daySection(midnight - 1, NOW), 'lastWeek');
    assert.equal(daySection(new Date(2026, 10, 18).getTime(), NOW), 'lastWeek');
    assert.equal(daySection(new Date(2026, 10, 18).getTime() - 1, NOW), 'older');
  });

  it('groups under their headings in order, leaving empty headings out', () => {
    const old = note('n7', 'bo', 'read', NOW - 30 * 24 * HOUR, { grouping_key: 'like:old' });
    const sections = sectionGroups(feedGroups(feed([note('n1', 'ada', 'new', NOW - HOUR), old])), NOW);
    assert.deepEqual(sections.map((s) => [s.section, s.groups.map((g) => g.key)]), [['today', ['like:c1']], ['older', ['like:old']]]);
  });
});

describe('cache edits', () => {
  it('moves status forward only and keeps counts.new in step', () => {
    const f = feed([note('a', 'ada', 'new', NOW), note('b', 'bo', 'read', NOW), note('c', 'cy', 'new', NOW)]);
    advanceStatus(f, ['a', 'b'], 'seen');
    assert.deepEqual(f.notifications.map((n) => n.status), ['seen', 'read', 'new']);
    assert.equal(f.counts.new, 1);
    advanceStatus(f, 'all', 'read');
    assert.deepEqual(f.notifications.map((n) => n.status), ['read', 'read', 'read']);
    assert.equal(f.counts.new, 0);
  });

  it('marking all seen zeroes the global count, also for notifications beyond the list', () => {
    const f = feed([note('a', 'ada', 'seen', NOW)]);
    f.counts.new = 4;
    advanceStatus(f, 'all', 'seen');
    assert.equal(f.counts.new, 0);
  });

  it('deletes a notification and drops its group when empty', () => {
    const f = feed([note('a', 'ada', 'new', NOW), note('b', 'bo', 'read', NOW, { grouping_key: 'like:x' })]);
    removeNotification(f, 'a');
    assert.deepEqual(f.groups.map((g) => g.grouping_key), ['like:x']);
    assert.equal(f.counts.new, 0);
  });
});

describe('refresh throttle (content.md §9: 2500 ms)', () => {
  function clock() {
    let now = 0;
    const timers: { at: number; fn: () => void }[] = [];
    return {
      now: () => now,
      setTimeout: (fn: () => void, ms: number) => timers.push({ at: now + ms, fn }) - 1,
      clearTimeout: () => undefined,
      advance(ms: number) {
        now += ms;
        const due = timers.filter((t) => t.at <= now);
        timers.splice(0, timers.length, ...timers.filter((t) => t.at > now));
        due.forEach((t) => t.fn());
      },
    };
  }

  it('runs at once, folds a burst into one run at the window\'s end', () => {
    const c = clock();
    let runs = 0;
    const throttle = createThrottle(() => (runs += 1), 2500, c);
    throttle.call();
    assert.equal(runs, 1);
    c.advance(100);
    throttle.call();
    throttle.call();
    assert.equal(runs, 1);
    c.advance(2399);
    assert.equal(runs, 1);
    c.advance(1);
    assert.equal(runs, 2);
    c.advance(5000);
    throttle.call();
    assert.equal(runs, 3);
  });
});

describe('live notices (content.md §4 "Stream")', () => {
  const me = { uuid: 'me', name: 'Me', user_privilege: 'user' } as SessionState['user'];
  const state = (user: SessionState['user'] = me) => ({ session: { user, sectionUuid: 's' } as SessionState });
  const notice = (over: Partial<NotificationNotice> = {}): NotificationNotice =>
    ({ notification_channel: 'ch', section_uuid: 's', notification_type: 'reply', notification_uuid: 'n', time: NOW, ...over });
  const broadcast = (actor: string, topic: string | null) => ({
    notification_uuid: 'b', notification_type: topic ? 'broadcast_topic' : 'broadcast_site', actor_uuid: actor, section_uuid: 's', target_title: 'T',
    target_description: '', target_url: null, target_image_url: null, target_image_alt: null, target_topic_id: topic, time: NOW,
  }) as const;
  const following = (...topics: string[]) => async () => topics;

  it('counts the reader\'s own notices and site broadcasts, for a signed-in reader of this site only', async () => {
    assert.equal(await noticeCounts(notice(), state(), following()), true);
    assert.equal(await noticeCounts(notice({ notification_type: 'broadcast_site', broadcast: broadcast('mod', null) }), state(), following()), true);
    assert.equal(await noticeCounts(notice(), state(null), following()), false);
    assert.equal(await noticeCounts(notice({ section_uuid: 'other' }), state(), following()), false);
  });

  it('a topic broadcast counts only if the reader follows the topic; the reader\'s own broadcast never', async () => {
    const topic = notice({ notification_type: 'broadcast_topic', broadcast: broadcast('mod', 'cats'), target_topic_id: 'cats' });
    assert.equal(await noticeCounts(topic, state(), following('dogs')), false);
    assert.equal(await noticeCounts(topic, state(), following('dogs', 'cats')), true);
    assert.equal(await noticeCounts(notice({ notification_type: 'broadcast_site', broadcast: broadcast('me', null) }), state(), following()), false);
  });
});
