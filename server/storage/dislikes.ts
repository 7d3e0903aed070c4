/**
 * Dislikes (enable_dislikes): one per user and comment; the comment's total_dislikes moves in
 * the same transaction. No realtime event yet (the dislike UI comes later).
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface DislikeChange {
  changed: boolean;
  total_dislikes: number;
}

/** Adds (disliked=true) or removes a dislike; repeating the same call changes nothing. */
export async function setDislike(db: Kysely<Database>, contentUuid: string, userUuid: string, disliked: boolean): Promise<DislikeChange> {
  return db.transaction().execute(async (trx) => {
    let changed: boolean;
    if (disliked) {
      const result = await trx
        .insertInto('dislikes')
        .values({ content_uuid: contentUuid, user_uuid: userUuid, date_created: Date.now() })
        .onConflict((oc) => oc.columns(['content_uuid', 'user_uuid']).doNothing())
        .executeTakeFirst();
      changed = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    } else {
      const result = await trx.deleteFrom('dislikes').where('content_uuid', '=', contentUuid).where('user_uuid', '=', userUuid).executeTakeFirst();
      changed = Number(result.numDeletedRows) > 0;
    }
    if (changed) {
      await trx
        .updateTable('comments')
        .set((eb) => ({ total_dislikes: eb('total_dislikes', disliked ? '+' : '-', 1) }))
        .where('uuid', '=', contentUuid)
        .execute();
    }
    const row = await trx.selectFrom('comments').select('total_dislikes').where('uuid', '=', contentUuid).executeTakeFirstOrThrow();
    return { changed, total_dislikes: Number(row.total_dislikes) };
  });
}
