/**
 * A real OpenID provider on loopback for login tests (oidc-provider v8): one signing key the
 * tests also hold (to make expired or foreign tokens), clients, accounts whose claims come from
 * their id, a grant given without a consent screen, and a driver for the authorization-code
 * flow over HTTP (fetch with a cookie jar) for tests that run no browser.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestProvider {
  issuer: string;
  /** Signs `claims` with the provider's own key (defaults: this issuer, issued now, 5 minutes). */
  sign(claims: JWTPayload): Promise<string>;
  close(): Promise<void>;
}

/** Claims of account `id`: the tests' reader. */
export function accountClaims(id: string) {
  return { sub: id, email: `${id}@reader.test`, email_verified: true, name: `Reader ${id}`, picture: `https://pictures.test/${id}.png` };
}

export async function startProvider(clients: TestClient[]): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  // Listen first: the issuer needs the port.
  const server: Server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'] })),
    jwks: { keys: [jwk] },
    cookies: { keys: ['vf-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    features: { devInteractions: { enabled: true } },
    // Like the big providers: profile claims in the id token too, not only at userinfo.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => accountClaims(id) }),
    // No consent screen: the grant covers what the client asked for.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    sign: (claims) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, iat: now, exp: now + 300, ...claims }).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())).then(() => undefined),
  };
}

/**
 * Follows an authorization request through the provider's sign-in form as `account`; returns the
 * address the provider finally redirects to (the client's redirect_uri with code and state).
 */
export async function signInAt(authorizationUrl: string, account: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  for (let step = 0; step < 10; step++) {
    if (url.origin !== origin) return url;
    const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname);
    const response = interaction
      ? await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login: account, password: 'any' }).toString(),
        })
      : await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
    remember(response);
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider answered ${response.status} at ${url.pathname}: ${(await response.text()).slice(0, 300)}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the provider');
}
