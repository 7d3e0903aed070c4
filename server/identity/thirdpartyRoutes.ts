/**
 * Third-party routes on `/api/v2` (spec §7):
 * - `GET /thirdpartycookie`: can this browser send our cookies from a publisher's page? The first
 *   answer sets a probe cookie (SameSite=None; Secure: a cross-site cookie), so a browser that
 *   keeps third-party cookies sends it back on the client's next ask.
 * - `GET /thirdparty/{type}` and `/thirdparty/{type}/callback`: the social login popup
 *   (docs/login.md "Social login"): off to the provider with state, nonce and PKCE, back with a
 *   code, and a tiny page that posts a one-time token to the page that opened the popup.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { invalidSocialTypeMessage, isSocialLoginType } from '../../core/settings/site.ts';
import { OidcError, randomToken, authorizationUrl, exchangeCode, providerName, SocialFlows } from '../auth/index.ts';
import { linkExternalUser } from './externalUsers.ts';
import { getLoginConfig } from './siteLogins.ts';
import { getSite, hostOf, normaliseHost } from '../engine/sites.ts';
import { NOT_ENABLED } from './loginRoutes.ts';
import { popupPage, type PopupMessage } from './popupPage.ts';
import { shape } from '../engine/schemas.ts';
import { answers, noBody, sends, strictObject, uuid } from '../routes/schemas.ts';

export const PROBE_COOKIE = 'vf_tpc';
const ONE_YEAR_S = 365 * 24 * 3600;
/** Spec §8: the OAuth failure default. */
export const OAUTH_FAILED = 'OAuth login failed';
const EXPIRED = 'This login attempt has expired. Please try again.';

export function hasProbeCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim().startsWith(`${PROBE_COOKIE}=`));
}

interface StartQuery {
  callback: string;
  site: string;
  client: string;
}
type CallbackQuery = Partial<Record<'code' | 'state' | 'error' | 'error_description' | 'iss' | 'session_state' | 'scope' | 'authuser' | 'prompt' | 'hd', string>>;

const typeParams = { type: 'object', additionalProperties: false, properties: { type: { type: 'string', maxLength: 40 } }, required: ['type'] } as const;
const param = { type: 'string', maxLength: 4096 } as const;
/** The popup's page when the flow fails: it tells the opener why (a 400 for bad input is JSON, as everywhere). */
const failurePage = sends('The popup page telling the opener why the login failed', 'text/html');
const popupFailures = { '4xx': failurePage, '5xx': failurePage } as const;

export default async function thirdPartyRoutes(app: FastifyInstance): Promise<void> {
  const flows = new SocialFlows(app.db);
  app.get('/thirdpartycookie', { schema: { querystring: strictObject({}), response: answers(shape({ thirdparty_enabled: { type: 'boolean' } }, ['thirdparty_enabled'])) } }, async (request, reply) => {
    const present = hasProbeCookie(request.headers.cookie);
    if (!present) {
      reply.header('Set-Cookie', `${PROBE_COOKIE}=1; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=None; Secure`);
    }
    return { result: { thirdparty_enabled: present } };
  });

  const send = (reply: FastifyReply, status: number, text: string, message?: PopupMessage, targetOrigin?: string) => {
    const page = popupPage(text, message, targetOrigin);
    return reply.code(status).header('content-security-policy', page.csp).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
  };

  app.get<{ Params: { type: string }; Querystring: StartQuery }>(
    '/thirdparty/:type',
    {
      schema: {
        params: typeParams,
        querystring: strictObject(
          { callback: { type: 'string', minLength: 1, maxLength: 2000 }, site: uuid, client: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' } },
          ['callback', 'site', 'client'],
        ),
        response: { 302: noBody("To the provider's sign-in page"), ...popupFailures },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const { callback, site: siteUuid, client: flowId } = request.query;
      const site = await getSite(app.db, siteUuid);
      if (!site) return send(reply, 404, `No site has the uuid ${siteUuid}`);
      // The answer goes to the page's origin only, and only when it is one of the site's domains.
      const host = hostOf(callback);
      const targetOrigin = /^https?:\/\//.test(callback) && host && site.domains.map(normaliseHost).includes(host) ? new URL(callback).origin : null;
      if (!targetOrigin) return send(reply, 400, "The callback address is not one of this site's domains");
      const fail = (status: number, error: string) => send(reply, status, error, { type: 'vf-social-login', flow: flowId, error }, targetOrigin);
      if (!isSocialLoginType(type)) return fail(400, invalidSocialTypeMessage(type));
      const config = await getLoginConfig(app.db, site.uuid, type);
      if (!config) return fail(403, NOT_ENABLED);
      const nonce = randomToken();
      const verifier = randomToken();
      const redirectUri = `${request.protocol}://${request.host}${request.url.split('?')[0]}/callback`;
      const state = await flows.pending.put({ siteUuid: site.uuid, type, nonce, verifier, redirectUri, targetOrigin, flowId });
      if (!state) return fail(503, OAUTH_FAILED);
      try {
        return reply.redirect(await authorizationUrl(type, config, { redirectUri, state, nonce, verifier }), 302);
      } catch (error) {
        if (!(error instanceof OidcError)) throw error;
        request.log.warn({ provider: type, reason: error.message }, 'social login could not start');
        return fail(502, OAUTH_FAILED);
      }
    },
  );

  app.get<{ Params: { type: string }; Querystring: CallbackQuery }>(
    '/thirdparty/:type/callback',
    {
      schema: {
        params: typeParams,
        querystring: strictObject(Object.fromEntries(['code', 'state', 'error', 'error_description', 'iss', 'session_state', 'scope', 'authuser', 'prompt', 'hd'].map((k) => [k, param]))),
        response: { 200: sends('The popup page that hands the opener its login token, then closes', 'text/html'), ...popupFailures },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const { code, state } = request.query;
      const flow = state ? await flows.pending.take(state) : null;
      if (!flow || flow.type !== type || !isSocialLoginType(type)) return send(reply, 400, EXPIRED);
      const fail = (status: number, error: string) => send(reply, status, error, { type: 'vf-social-login', flow: flow.flowId, error }, flow.targetOrigin);
      const site = await getSite(app.db, flow.siteUuid);
      const config = site ? await getLoginConfig(app.db, site.uuid, type) : null;
      if (!site || !config) return fail(403, NOT_ENABLED);
      if (request.query.error || !code) return fail(401, OAUTH_FAILED);
      try {
        const profile = await exchangeCode(type, config, code, { redirectUri: flow.redirectUri, state: state!, nonce: flow.nonce, verifier: flow.verifier });
        const { user, isNew, updated } = await linkExternalUser(app.db, site, providerName(type), profile);
        if (updated) app.hub.siteChanged(site.uuid); // its comments show the new name (engine/guest-cache.ts)
        const token = await flows.issued.put({ siteUuid: site.uuid, userUuid: user.uuid, isNew });
        if (!token) return fail(503, OAUTH_FAILED);
        return send(reply, 200, 'Signed in. This window closes by itself.', { type: 'vf-social-login', flow: flow.flowId, token }, flow.targetOrigin);
      } catch (error) {
        if (!(error instanceof OidcError)) throw error;
        request.log.warn({ provider: type, reason: error.message }, 'social login failed');
        return fail(401, OAUTH_FAILED);
      }
    },
  );
}
