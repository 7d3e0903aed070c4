import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ContentEvent, ServerFrame } from '../../core/api/types.ts';
import { Hub, type HubClient } from '../../server/realtime/hub.ts';

const event = (container: string, seq = 1): ContentEvent => ({
  event: 'liked', content_type: 'comments', section_uuid: 'site', content_container_uuid: container, content_uuid: 'c', actor_uuid: 'u', total_likes: 1, time: 0, seq,
});

/** A client that receives pre-serialised frames, as the websocket route's clients do. */
function textClient(siteUuid = 'site'): HubClient & { texts: Buffer[] } {
  const texts: Buffer[] = [];
  return { siteUuid, texts, send: (frame: ServerFrame) => texts.push(Buffer.from(JSON.stringify(frame))), sendText: (text) => texts.push(text) };
}

describe('Hub fan-out', () => {
  it('serialises each frame once per subscription id and shares it between sockets', () => {
    const hub = new Hub();
    const [a, b] = [textClient(), textClient()];
    hub.subscribe(a, 'c:k1', [{ key: 'content_container_uuid', values: ['k1'] }]);
    hub.subscribe(b, 'c:k1', [{ key: 'content_container_uuid', values: ['k1'] }]);
    assert.equal(hub.deliverLocal(event('k1', 7)), 2);
    assert.equal(a.texts[0], b.texts[0], 'the same buffer');
    assert.deepEqual(JSON.parse(a.texts[0]!.toString()), { type: 'event', subscription_id: 'c:k1', data: event('k1', 7) });
  });

  it('publishes through the relay when one is set (Redis), locally otherwise', () => {
    const hub = new Hub();
    const a = textClient();
    hub.subscribe(a, 's', [{ key: 'content_container_uuid', values: ['k1'] }]);
    hub.publish(event('k1'));
    assert.equal(a.texts.length, 1);
    const relayed: ContentEvent[] = [];
    hub.relay = (e) => relayed.push(e);
    hub.publish(event('k1', 2));
    assert.equal(a.texts.length, 1, 'delivered only when it comes back from the relay');
    assert.deepEqual(relayed.map((e) => e.seq), [2]);
    hub.deliverLocal(relayed[0]!, JSON.stringify(relayed[0]));
    assert.equal(a.texts.length, 2);
  });

  it('lists only clients that hold subscriptions, and forgets removed ones', () => {
    const hub = new Hub();
    const [a, b] = [textClient(), textClient()];
    hub.subscribe(a, 's', [{ key: 'content_container_uuid', values: ['k1'] }]);
    assert.deepEqual(hub.clients(), [a]);
    hub.removeClient(a);
    assert.deepEqual(hub.clients(), []);
    assert.equal(hub.deliverLocal(event('k1')), 0);
    void b;
  });
});
