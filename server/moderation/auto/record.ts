/**
 * What an automatic verdict leaves beside the item (docs/moderation.md): a row in
 * `moderation_decisions` by AUTOMATIC_MODERATOR_UUID, written in the item's own transaction (the
 * reason on the item itself is `contents.hold_reason`, written with the item).
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { AUTOMATIC_MODERATOR_UUID } from '../../../core/moderation/types.ts';
import { storedReason } from '../../engine/contents.ts';
import type { Database } from '../../storage/schema.ts';
import type { Verdict } from './moderate.ts';

/** Records a hold or a rejection (a pass records nothing); `stateBefore` is "new" for a new item. */
export async function recordVerdict(trx: Transaction<Database>, item: { site_uuid: string; uuid: string }, stateBefore: string, verdict: Verdict): Promise<void> {
  if (verdict.state === 'visible') return;
  await trx.insertInto('moderation_decisions').values({
    uuid: randomUUID(),
    site_uuid: item.site_uuid,
    content_uuid: item.uuid,
    actor_uuid: AUTOMATIC_MODERATOR_UUID,
    action: verdict.state === 'disabled' ? 'auto_reject' : 'hold',
    state_before: stateBefore,
    state_after: verdict.state,
    reason: verdict.reason ? storedReason(verdict.reason) : null,
    date_created: Date.now(),
  }).execute();
}
