/**
 * Keys the server makes for itself, once, and keeps in the database (`server_keys`): the VAPID
 * pair browser push signs with (docs/push.md). Every process of a deployment reads the same pair.
 */
import type { Kysely } from 'kysely';
import type * as WebPush from 'web-push';
import { loadPackage } from '../lazyPackage.ts';
import type { Database } from '../storage/schema.ts';

export interface KeyPair {
  /** base64url: the uncompressed P-256 point (VAPID public key). */
  public_key: string;
  /** base64url: the 32-byte private scalar. */
  private_key: string;
}

/** The VAPID pair, made on first need. Two processes racing both insert; the first row wins and both read it. */
export async function vapidKeys(db: Kysely<Database>): Promise<KeyPair> {
  const read = () => db.selectFrom('server_keys').select(['public_key', 'private_key']).where('name', '=', 'vapid').executeTakeFirst();
  const stored = await read();
  if (stored) return stored;
  const made = loadPackage<typeof WebPush>('web-push').generateVAPIDKeys();
  await db
    .insertInto('server_keys')
    .values({ name: 'vapid', public_key: made.publicKey, private_key: made.privateKey, date_created: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const kept = await read();
  if (!kept) throw new Error('server_keys: the VAPID pair was not stored');
  return kept;
}
