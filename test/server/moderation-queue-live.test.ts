/**
 * The moderation queue's live channel (docs/moderation.md "Live"): a moderator's socket hears of
 * a new held item and of a report (`queued`), of another moderator's decision in the queue or on
 * the page (`decided`), and
 * the counts after; anyone else's subscription is refused.
 */
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { ServerFrame } from '../../core/api/types.ts';
import { call } from './comment-calls.ts';
import { build, signup, signupAs, SITE } from './helpers.ts';
import { decide, nextModeration, pageWithConversation, post } from './moderation-queue-calls.ts';
import { type Client, connect } from './realtime-client.ts';

async function socket(t: TestContext, app: FastifyInstance): Promise<Client> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return connect(t, `${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`);
}

function subscribe(client: Client, token: string | undefined): Promise<ServerFrame> {
  client.send({ type: 'subscribe', subscription_id: 'queue', filter: { one_of: [{ key: 'moderation_section_uuid', values: [SITE] }] }, ...(token ? { access_token: token } : {}) });
  return client.next();
}

describe('moderation queue: live', () => {
  test('a moderator’s socket gets queued for a held comment and for a report, decided for another moderator’s decision, and counts', async (t) => {
    const app = await build(t);
    const [mod, other, ada, bob] = [await signupAs(app, 'mod'), await signupAs(app, 'admin'), await signup(app), await signup(app)];
    const held = await pageWithConversation(app, mod.access_token, true, 'Held page');
    const open = await pageWithConversation(app, mod.access_token, false, 'Open page');
    const client = await socket(t, app);
    assert.deepEqual(await subscribe(client, mod.access_token), { type: 'subscribe_success', subscription_id: 'queue', seqs: {} });

    const posted = await post(app, ada.access_token, held, 'please approve');
    const queued = await nextModeration(client, 'queued');
    assert.equal(queued.event === 'queued' && queued.queue, 'pending');
    assert.equal(queued.event === 'queued' && queued.item.content, 'please approve');
    assert.equal(queued.event === 'queued' && queued.item.page.title, 'Held page');
    const counted = await nextModeration(client, 'counts');
    assert.equal(counted.event === 'counts' && counted.counts.pending, 1);

    const shown = await post(app, ada.access_token, open, 'shown');
    await call(app, 'POST', open, `comments/${shown.content_uuid}/flag`, bob.access_token, { reason: 'spam link' });
    const reported = await nextModeration(client, 'queued');
    assert.deepEqual(reported.event === 'queued' && [reported.content_uuid, reported.queue, reported.item.reports], [shown.content_uuid, 'reported', { count: 1, reasons: ['spam link'] }]);

    await decide(app, other.access_token, 'approve', [{ uuid: posted.content_uuid, state: 'awaiting_moderation' }]);
    const decided = await nextModeration(client, 'decided');
    assert.deepEqual(decided.event === 'decided' && [decided.content_uuid, decided.decision, decided.state, decided.by], [posted.content_uuid, 'approve', 'visible', { uuid: other.user.uuid, name: other.user.name }]);
    const after = await nextModeration(client, 'counts');
    assert.equal(after.event === 'counts' && after.counts.pending, 0);

    // A decision from the page's own moderation menu leaves the open queues too.
    assert.equal((await call(app, 'POST', open, `moderation/${shown.content_uuid}/disable`, other.access_token)).statusCode, 200);
    const fromPage = await nextModeration(client, 'decided');
    assert.deepEqual(fromPage.event === 'decided' && [fromPage.content_uuid, fromPage.decision, fromPage.state, fromPage.by], [shown.content_uuid, 'reject', 'disabled', { uuid: other.user.uuid, name: other.user.name }]);
  });

  test('a reader, a guest, a token of another site or another site’s rule value: the subscription is refused', async (t) => {
    const app = await build(t);
    const [mod, reader] = [await signupAs(app, 'mod'), await signup(app)];
    const c = await pageWithConversation(app, mod.access_token, true);
    const client = await socket(t, app);
    for (const token of [reader.access_token, undefined, 'not-a-token']) {
      const refused = await subscribe(client, token);
      assert.deepEqual(refused, { type: 'error', subscription_id: 'queue', message: "Only the site's moderators and admins can follow its moderation queue" });
    }
    client.send({ type: 'subscribe', subscription_id: 'queue', filter: { one_of: [{ key: 'moderation_section_uuid', values: [crypto.randomUUID()] }] }, access_token: mod.access_token });
    assert.equal((await client.next()).type, 'error');
    await post(app, reader.access_token, c, 'nobody hears this here');
    await client.expectNothingPending();
  });
});
