/**
 * What the automatic-moderation tests share: the settings calls, an admin of another site, the
 * scorers' stand-ins on a port of their own (as the vendors would be), and a post that returns
 * the whole answer.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AutoModerationSettings } from '../../core/moderation/types.ts';
import akismetStandIn, { type StandInBehaviour } from '../../server/standins/akismet.ts';
import perspectiveStandIn from '../../server/standins/perspective.ts';
import { type RunningStandin, startStandin } from '../support/identityStandins.ts';
import { addOtherSite, OTHER_SITE } from './comment-calls.ts';
import { bearer, resultOf, SITE } from './helpers.ts';

export const AKISMET_KEY = 'test-akismet-key';
export const PERSPECTIVE_KEY = 'test-perspective-key';

export function patchSettings(app: FastifyInstance, token: string | undefined, change: Record<string, unknown>, section: string = SITE): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'PATCH', url: '/api/v2/moderation/settings', headers: bearer(token), payload: { section, ...change } });
}

export function getSettings(app: FastifyInstance, token: string | undefined, section: string = SITE): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/api/v2/moderation/settings', headers: bearer(token), query: { section } });
}

/** Changes the site's settings as its admin; fails the test on anything but 200. */
export async function setAutoModeration(app: FastifyInstance, admin: string, change: Partial<Record<keyof AutoModerationSettings, unknown>>): Promise<AutoModerationSettings> {
  return resultOf<AutoModerationSettings>(await patchSettings(app, admin, change));
}

/** An admin of another site (a session of that site). */
export async function otherSiteAdmin(app: FastifyInstance): Promise<string> {
  await addOtherSite(app);
  const email = `admin-${Date.now()}@other.example`;
  resultOf(await app.inject({ method: 'POST', url: '/api/v2/users', payload: { name: 'Other Admin', email, password: 'other-admin-secret', section: OTHER_SITE } }));
  const login = resultOf<{ access_token: string; user: { uuid: string } }>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email, password: 'other-admin-secret', section: OTHER_SITE } }));
  await app.db.updateTable('users').set({ user_privilege: 'admin' }).where('uuid', '=', login.user.uuid).execute();
  return login.access_token;
}

export interface Scorers {
  akismet: RunningStandin & { endpoint: string; behaviour: StandInBehaviour };
  perspective: RunningStandin & { endpoint: string; behaviour: StandInBehaviour };
  close(): Promise<void>;
}

/** Both stand-ins, each on its own loopback port; a test makes them slow or failing through `behaviour`. */
export async function startScorers(): Promise<Scorers> {
  const a: StandInBehaviour = { delayMs: 0, failWith: null };
  const p: StandInBehaviour = { delayMs: 0, failWith: null };
  const akismet = await startStandin(akismetStandIn, { apiKey: AKISMET_KEY, behaviour: a });
  const perspective = await startStandin(perspectiveStandIn, { apiKey: PERSPECTIVE_KEY, behaviour: p });
  return {
    akismet: { ...akismet, endpoint: `${akismet.url}/1.1/comment-check`, behaviour: a },
    perspective: { ...perspective, endpoint: `${perspective.url}/v1alpha1/comments:analyze`, behaviour: p },
    close: async () => {
      await akismet.close();
      await perspective.close();
    },
  };
}

/** POSTs a comment as `token` and returns the whole answer (a rejected one is still 200, with its reason). */
export function post(app: FastifyInstance, token: string, containerUuid: string, content: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/api/comments/${SITE}/${containerUuid}/comments`, headers: bearer(token), payload: { content } });
}
