/**
 * The `profiles` queue: users whose new name or picture waits for a moderator (migration 007's
 * pending columns). The decisions are the users API's own calls (docs/api.md "Users").
 */
import type { Kysely } from 'kysely';
import type { ProfileItem } from '../../core/moderation/types.ts';
import type { Database } from '../storage/schema.ts';
import { type Cursor, pendingProfile } from './queueQuery.ts';

export async function profileItems(db: Kysely<Database>, site: string, order: 'newest' | 'oldest', limit: number, cursor?: Cursor): Promise<{ items: ProfileItem[]; next: Cursor | null }> {
  const direction = order === 'newest' ? 'desc' : 'asc';
  const op = order === 'newest' ? '<' : '>';
  let query = db
    .selectFrom('users')
    .select(['uuid', 'name', 'username_pending', 'username_moderation_status', 'pic_small', 'pic_small_pending', 'avatar_moderation_status', 'date_created'])
    .where('site_uuid', '=', site)
    .where(pendingProfile);
  if (cursor) query = query.where((eb) => eb.or([eb('date_created', op, cursor.date), eb.and([eb('date_created', '=', cursor.date), eb('uuid', op, cursor.uuid)])]));
  const rows = await query.orderBy('date_created', direction).orderBy('uuid', direction).limit(limit + 1).execute();
  const items = rows.slice(0, limit).map((row): ProfileItem => {
    const name = row.username_moderation_status === 'pending' ? row.username_pending ?? null : null;
    const pic = row.avatar_moderation_status === 'pending' ? row.pic_small_pending ?? null : null;
    return {
      uuid: row.uuid, name: row.name, username_pending: name, pic_small: row.pic_small ?? null, pic_pending: pic, date_created: Number(row.date_created),
      waiting: [...(name ? ['username' as const] : []), ...(pic ? ['avatar' as const] : [])],
    };
  });
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last ? { date: last.date_created, uuid: last.uuid } : null };
}
