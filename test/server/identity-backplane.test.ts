/**
 * Backplane (docs/login.md "Backplane") against the local bus server on its own port: an
 * identity/login message on the site's bus logs its reader in (v2 by channel and id, v1.2 by
 * id), the same reader again gets the same account, and every refusal stores nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { BootstrapResult } from '../../core/api/types.ts';
import { DEMO_BACKPLANE } from '../../server/standins/identity.ts';
import { BACKPLANE_NOT_FOUND, BACKPLANE_NOT_IDENTITY, BACKPLANE_OTHER_BUS } from '../../server/identity/backplane.ts';
import { DEMO_ACCOUNTS } from '../../server/demo/index.ts';
import backplaneStandin from '../../server/standins/backplane.ts';
import { type RunningStandin, startStandin, storesNothing } from '../support/identityStandins.ts';
import { bearer, build, resultOf, SITE } from './helpers.ts';

const ADMIN = DEMO_ACCOUNTS.find((a) => a.user_privilege === 'admin')!;
const OTHER = { user: 'other-owner', secret: 'other-secret' };
const CHANNEL = 'c0ffee00c0ffee00';

let bus: RunningStandin;
before(async () => {
  bus = await startStandin(backplaneStandin, { buses: { [DEMO_BACKPLANE.bus]: { user: DEMO_BACKPLANE.user, secret: DEMO_BACKPLANE.secret }, [DEMO_BACKPLANE.otherBus]: OTHER } });
});
after(() => bus.close());

async function configure(app: FastifyInstance) {
  const token = resultOf<{ access_token: string }>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: ADMIN.email, password: ADMIN.password, section: SITE } })).access_token;
  const config = { server_url: bus.url, bus: DEMO_BACKPLANE.bus, bus_user: DEMO_BACKPLANE.user, bus_secret: DEMO_BACKPLANE.secret };
  return resultOf(await app.inject({ method: 'PUT', url: `/api/v2/sites/${SITE}/logins/backplane`, headers: bearer(token), payload: config }));
}

const identity = (id: string, displayName: string) => ({
  identities: { startIndex: 0, itemsPerPage: 1, totalResults: 1, entry: { id, displayName, accounts: [{ username: displayName, userid: id, identityUrl: `https://publisher.test/people/${id}` }], photos: [] } },
});

/** Publishes a message as the page's Backplane client does; its id. */
async function publish(message: { bus?: string; channel?: string; type?: string; payload?: unknown }): Promise<string> {
  const body = { message: { bus: DEMO_BACKPLANE.bus, channel: CHANNEL, type: 'identity/login', payload: identity('u-1', 'Bea Plane'), ...message } };
  const response = await fetch(`${bus.url}/v2/message`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await response.json()) as { messageURL: string }).messageURL.split('/').pop()!;
}

const v2Login = (app: FastifyInstance, messageid: string, messageChannel = CHANNEL) => app.inject({ method: 'POST', url: '/api/v2/users/backplane', payload: { section: SITE, messageChannel, messageid } });


describe('Backplane login', () => {
  test('the switches follow the configuration; the bus secret is never read back', async (t) => {
    const app = await build(t);
    await configure(app);
    const { settings } = resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE } }));
    assert.equal(settings.authprovider_backplane_v2_enabled, true);
    assert.equal(settings.authprovider_backplane_v2_hash, DEMO_BACKPLANE.bus);
    assert.equal(JSON.stringify(settings).includes(DEMO_BACKPLANE.secret), false);
  });

  test('an identity/login message on the site’s bus signs its reader in; the same reader keeps one account', async (t) => {
    const app = await build(t);
    await configure(app);
    const first = resultOf<{ user: { uuid: string; name: string }; is_new: boolean }>(await v2Login(app, await publish({})));
    assert.deepEqual([first.user.name, first.is_new], ['Bea Plane', true]);
    const again = resultOf<{ user: { uuid: string }; is_new: boolean }>(await v2Login(app, await publish({})));
    assert.deepEqual([again.user.uuid, again.is_new], [first.user.uuid, false]);
    // v1.2: the message is found by id in the bus owner's listing.
    const [id] = (await (await fetch(`${bus.url}/v1.2/bus/${DEMO_BACKPLANE.bus}/channel/${CHANNEL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${DEMO_BACKPLANE.user}:${DEMO_BACKPLANE.secret}`).toString('base64')}` },
      body: JSON.stringify([{ type: 'identity/login', payload: identity('u-1', 'Bea Plane') }]),
    })).json()) as string[];
    const v12 = resultOf<{ user: { uuid: string } }>(await app.inject({ method: 'POST', url: '/api/v2/users/backplane_v1_2', payload: { section: SITE, backplane_id: id, thirdparty_enabled: true } }));
    assert.equal(v12.user.uuid, first.user.uuid);
  });

  test('refused: another site’s bus, another channel, a message that is not identity/login, an unknown id, Backplane off', async (t) => {
    const app = await build(t);
    const ours = await publish({});
    assert.deepEqual(await storesNothing(app, () => v2Login(app, ours)), { status: 403, message: 'This login method is not currently enabled on this site' });
    await configure(app);
    assert.deepEqual(await storesNothing(app, async () => v2Login(app, await publish({ bus: DEMO_BACKPLANE.otherBus }))), { status: 401, message: BACKPLANE_OTHER_BUS });
    assert.deepEqual(await storesNothing(app, () => v2Login(app, ours, 'another-channel')), { status: 401, message: BACKPLANE_OTHER_BUS });
    assert.deepEqual(await storesNothing(app, async () => v2Login(app, await publish({ type: 'identity/ack' }))), { status: 401, message: BACKPLANE_NOT_IDENTITY });
    assert.deepEqual(await storesNothing(app, () => v2Login(app, 'f'.repeat(32))), { status: 401, message: BACKPLANE_NOT_FOUND });
    const v12 = await storesNothing(app, async () =>
      app.inject({ method: 'POST', url: '/api/v2/users/backplane_v1_2', payload: { section: SITE, backplane_id: await publish({ bus: DEMO_BACKPLANE.otherBus }) } }),
    );
    assert.deepEqual(v12, { status: 401, message: BACKPLANE_NOT_FOUND });
    assert.equal((await v2Login(app, 'a/b')).statusCode, 400);
  });
});
