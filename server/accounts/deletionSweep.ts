/**
 * The deletion sweep (docs/law.md "Readers' data"): at start and hourly, every account whose
 * deletion was asked DELETION_GRACE_MS ago or more is erased (erasure.ts). Several processes may
 * sweep at once: each erasure claims its account first, so one of them erases it and the others
 * skip it; a login that cancelled the deletion meanwhile wins over the sweep.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DELETION_GRACE_MS } from '../../core/legal/types.ts';
import type { Database } from '../storage/schema.ts';
import { deleteAvatars } from './avatars.ts';
import { type Erasure, eraseUser } from './erasure.ts';

export const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Accounts read per round (each is erased in its own transaction). */
const BATCH = 100;

/** Erases every account due at `now`; answers the erasures made (publish them: afterErasure). */
export async function sweepDeletions(db: Kysely<Database>, now = Date.now()): Promise<Erasure[]> {
  const cutoff = now - DELETION_GRACE_MS;
  const erasures: Erasure[] = [];
  const tried = new Set<string>();
  for (;;) {
    const due = await db
      .selectFrom('users')
      .select('uuid')
      .where('deletion_requested_at', '<=', cutoff)
      .where('erased_at', 'is', null)
      .orderBy('deletion_requested_at')
      .limit(BATCH)
      .execute();
    const fresh = due.filter((row) => !tried.has(row.uuid));
    for (const { uuid } of fresh) {
      tried.add(uuid);
      const erasure = await eraseUser(db, uuid, { requestedBefore: cutoff, now });
      if (erasure) erasures.push(erasure);
    }
    if (due.length < BATCH || fresh.length === 0) return erasures;
  }
}

/** After an erasure committed: pages hear of removed items, guests' cached lists forget the name, the picture files go. */
export async function afterErasure(app: FastifyInstance, erasure: Erasure, dataDir: string): Promise<void> {
  for (const event of erasure.events) app.hub.publish(event);
  app.hub.siteChanged(erasure.site_uuid);
  await deleteAvatars(dataDir, erasure.pictures);
  app.log.info({ user: erasure.user_uuid, site: erasure.site_uuid, erased_content: erasure.erased_content, removed: erasure.removed }, 'account erased');
}

/** Sweeps when the app is ready and hourly after (the timer does not keep the process alive); a close waits for a sweep under way. */
export function startDeletionSweep(app: FastifyInstance, dataDir: string): void {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(async () => {
        for (const erasure of await sweepDeletions(app.db)) await afterErasure(app, erasure, dataDir);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'the deletion sweep failed'));
  };
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => sweep());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
