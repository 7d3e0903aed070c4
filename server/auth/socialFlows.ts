/**
 * Short-lived state of social popup logins (identity/thirdpartyRoutes.ts, docs/login.md): the pending
 * authorization (state → nonce, PKCE verifier, where to post the answer) and the one-time token
 * the popup hands to the page. Stored (migration 010) under a sha256 of the key, so any server
 * process can finish a flow another one started; an entry is taken once, then it is gone.
 */
import type { Kysely } from 'kysely';
import { hashRefreshToken as sha256 } from './tokens.ts';
import { randomToken } from './oidc.ts';
import type { Database } from '../storage/schema.ts';

export interface PendingFlow {
  siteUuid: string;
  type: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  /** The page's origin: the only target the popup posts to. */
  targetOrigin: string;
  /** The page's flow id, echoed so the page matches the answer to its flow. */
  flowId: string;
}

export interface IssuedLogin {
  siteUuid: string;
  userUuid: string;
  isNew: boolean;
}

/** Ten minutes to sign in at the provider; two to hand the token over. */
export const FLOW_TTL_MS = 10 * 60 * 1000;
export const TOKEN_TTL_MS = 2 * 60 * 1000;
/** Beyond this many live entries of a kind new flows are refused (storage bound under abuse). */
const MAX_ENTRIES = 10000;

/** Entries of one kind that expire and can be taken once. */
class OneTimeStore<T> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: 'pending' | 'issued',
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** The new key, or null when too many are live. */
  async put(value: T): Promise<string | null> {
    const now = this.now();
    await this.db.deleteFrom('login_flows').where('date_expires', '<=', now).execute();
    const { live } = await this.db
      .selectFrom('login_flows')
      .select((eb) => eb.fn.countAll<string | number>().as('live'))
      .where('kind', '=', this.kind)
      .executeTakeFirstOrThrow();
    if (Number(live) >= MAX_ENTRIES) return null;
    const key = randomToken();
    await this.db
      .insertInto('login_flows')
      .values({ key_hash: sha256(key), kind: this.kind, payload: JSON.stringify(value), date_expires: now + this.ttlMs })
      .execute();
    return key;
  }

  /** The value once (deleted in the same statement, so two processes cannot both take it). */
  async take(key: string): Promise<T | null> {
    const row = await this.db
      .deleteFrom('login_flows')
      .where('key_hash', '=', sha256(key))
      .where('kind', '=', this.kind)
      .returning(['payload', 'date_expires'])
      .executeTakeFirst();
    return row && Number(row.date_expires) > this.now() ? (JSON.parse(row.payload) as T) : null;
  }
}

export class SocialFlows {
  readonly pending: OneTimeStore<PendingFlow>;
  readonly issued: OneTimeStore<IssuedLogin>;

  constructor(db: Kysely<Database>, now: () => number = Date.now) {
    this.pending = new OneTimeStore(db, 'pending', FLOW_TTL_MS, now);
    this.issued = new OneTimeStore(db, 'issued', TOKEN_TTL_MS, now);
  }
}
