/**
 * The demo site and its accounts: what every server seeds (the demo pages served at `/` and
 * `/demo/` belong to this site), and what the demo seeders and tests refer to.
 */
import type { UserPrivilege } from '../../core/api/types.ts';

export const DEMO_SITE = {
  uuid: '5f3c2a1e-7b4d-4c8e-9a6f-1d2e3f4a5b6c',
  name: 'vf demo',
  domains: ['127.0.0.1', 'localhost'],
} as const;

export const DEMO_ACCOUNTS: readonly { email: string; password: string; name: string; user_privilege: UserPrivilege }[] = [
  { email: 'moderator@vf.local', password: 'moderator-demo-1', name: 'Demo Moderator', user_privilege: 'mod' },
  { email: 'admin@vf.local', password: 'admin-demo-1', name: 'Demo Admin', user_privilege: 'admin' },
];

/** The password hash of a demo account retired outside demo mode: no password matches it. */
export const RETIRED_DEMO_PASSWORD = '!demo-retired';
