/** Signs the test page in and out through the real users API, as the login dialog would. */
import { usersApi } from '../../../core/api/users.ts';
import { getStore } from '../../../core/store/index.ts';
import { testConfig, type Reader } from './api.ts';

export const MODERATOR = { email: 'moderator@vf.local', password: 'moderator-demo-1' };

export async function logIn({ email, password }: Pick<Reader, 'email' | 'password'>): Promise<void> {
  await getStore().dispatch(usersApi.endpoints.login.initiate({ email, password })).unwrap();
}

export async function logOut(): Promise<void> {
  await getStore().dispatch(usersApi.endpoints.logout.initiate()).unwrap();
}

/** A separate token for the moderator, for calls made "elsewhere" (not this page's session). */
export async function moderatorToken(): Promise<string> {
  const { apiBase, siteUuid } = testConfig();
  const res = await fetch(`${apiBase}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...MODERATOR, section: siteUuid }),
  });
  return ((await res.json()) as { result: { access_token: string } }).result.access_token;
}
