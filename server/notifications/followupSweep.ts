/**
 * `app.followups` (engine/followups.ts): the writes tell it when an item's after-commit work is
 * done, and its sweep does again the work of followups left behind by a process killed between an
 * item's commit and that work: the in-app notifications (if that run wrote none) and the mails
 * (their dedupe key makes a mail written twice one mail). A followup whose work keeps failing is
 * given up after MAX_TRIES, and logged.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { claimDueFollowups, type Followup, type FollowupKind, FollowupsDone, followupsLeftBehind, forgetFollowup } from '../engine/followups.ts';
import { Rounds } from '../operations/index.ts';
import { notifyApprovedMany, notifyNewContent } from './create.ts';

/** How often each process looks for followups left behind. */
const SWEEP_EVERY_MS = 10_000;
/** Followups one round takes. */
const ROUND_SIZE = 50;
/** Runs of one followup's work before it is given up. */
export const MAX_TRIES = 5;

export interface Followups {
  /** The work of these items' followups is done (their rows go within a second). */
  done(kind: FollowupKind, uuids: string[]): void;
  /** Does the work of the followups due by `now` (the timer's round; tests call it); answers how many were done. */
  sweep(now?: number): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    followups: Followups;
  }
}

/** Does one followup's work again; answers whether it is all done. */
async function redo(app: FastifyInstance, followup: Followup): Promise<boolean> {
  const item = followup.content_uuid;
  if (followup.kind !== 'created') {
    // A pick may have shown a held item: its notices as on posting (none written twice, no reply
    // mail twice for an item shown before), then the pick's or the approval's mail.
    const noticed = await notifyApprovedMany(app, [item], true);
    const by = followup.actor_uuid ?? '';
    return (await (followup.kind === 'picked' ? app.readerMails.picked([item], by) : app.readerMails.approved([item], by))) && noticed;
  }
  const row = await app.db.selectFrom('contents').selectAll().where('uuid', '=', item).executeTakeFirst();
  if (!row || row.state !== 'visible') return true; // gone or hidden since: nothing to tell
  const [container, parent] = await Promise.all([
    app.db.selectFrom('containers').selectAll().where('uuid', '=', row.container_uuid).executeTakeFirst(),
    row.parent_uuid ? app.db.selectFrom('contents').selectAll().where('uuid', '=', row.parent_uuid).executeTakeFirst() : undefined,
  ]);
  return !container || notifyNewContent(app, row, container, parent, true);
}

/** Does the work of the followups due by `now`; `seen.leftBehind`: what is left after it (`vf_queue_depth{queue="content_followups"}`). */
async function sweep(app: FastifyInstance, now: number, seen: { leftBehind: number }): Promise<number> {
  let done = 0;
  for (const followup of await claimDueFollowups(app.db, now, ROUND_SIZE)) {
    const ok = await redo(app, followup).catch((error: unknown) => (app.log.error({ err: error, followup }, 'followup failed'), false));
    if (ok || followup.tries >= MAX_TRIES) {
      if (!ok) app.log.error({ followup }, `followup given up after ${MAX_TRIES} tries`);
      await forgetFollowup(app.db, followup);
      if (ok) done++;
    }
  }
  seen.leftBehind = await followupsLeftBehind(app.db, now);
  return done;
}

export default fp(async (app) => {
  const forgotten = new FollowupsDone(app.db, app.log);
  const seen = { leftBehind: 0 };
  const rounds = new Rounds(() => sweep(app, Date.now(), seen), app.log, 'followup sweep failed');
  app.decorate('followups', {
    done: (kind, uuids) => forgotten.done(kind, uuids),
    // A round of its own at `now`, after the one running: never merged with a timer's round at another time.
    sweep: (now = Date.now()) => rounds.queue(() => sweep(app, now, seen)),
  } satisfies Followups);
  app.queueDepths.set('content_followups', () => seen.leftBehind);
  app.addHook('onReady', async () => rounds.start(SWEEP_EVERY_MS, { atOnce: true })); // at once: what a killed process left
  app.addHook('onClose', async () => {
    await rounds.close();
    await forgotten.flush();
  });
}, { name: 'vf-followups', dependencies: ['vf-storage', 'vf-operations', 'vf-content-notices', 'vf-reader-mails'] });
