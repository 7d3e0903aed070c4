/**
 * The demo editors' notifications (demo mode only, from index.ts): what the demo content already
 * did to the demo moderator's and admin's comments and posts — replies and likes by the demo
 * readers — as notifications, so the tray's feed shows a working list when an editor logs in
 * (demo/index.html names their public passwords). Made once: an editor who has any notification
 * is left alone, so a restart adds nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { insertNotifications } from '../notifications/queries.ts';
import type { NotificationsTable } from '../storage/schema.ts';
import { findDemoEditors } from './liveblog.ts';

export async function seedDemoNotifications(app: FastifyInstance): Promise<void> {
  const editors = await findDemoEditors(app);
  for (const editor of editors?.values() ?? []) {
    const has = await app.db.selectFrom('notifications').select('uuid').where('user_uuid', '=', editor.uuid).limit(1).executeTakeFirst();
    if (has) continue;
    const replies = await app.db
      .selectFrom('contents as reply')
      .innerJoin('contents as parent', 'parent.uuid', 'reply.parent_uuid')
      .select(['reply.uuid', 'reply.container_uuid', 'reply.actor_uuid', 'reply.date_created', 'parent.uuid as parent_uuid'])
      .where('parent.actor_uuid', '=', editor.uuid)
      .where('reply.actor_uuid', '<>', editor.uuid)
      .where('reply.state', '=', 'visible')
      .execute();
    const likes = await app.db
      .selectFrom('reactions')
      .innerJoin('contents', 'contents.uuid', 'reactions.content_uuid')
      .select(['contents.uuid', 'contents.container_uuid', 'reactions.user_uuid', 'reactions.date_created'])
      .where('contents.actor_uuid', '=', editor.uuid)
      .where('reactions.kind', '=', 'like')
      .where('reactions.user_uuid', '<>', editor.uuid)
      .execute();
    const base = { site_uuid: editor.site_uuid, user_uuid: editor.uuid, status: 'new' };
    const rows: NotificationsTable[] = [
      ...replies.map((r) => ({ ...base, uuid: randomUUID(), type: 'reply', grouping_key: `reply:${r.parent_uuid}`, actor_uuid: r.actor_uuid, content_uuid: r.uuid, container_uuid: r.container_uuid, target_uuid: r.parent_uuid, date_created: Number(r.date_created) })),
      ...likes.map((l) => ({ ...base, uuid: randomUUID(), type: 'like', grouping_key: `like:${l.uuid}`, actor_uuid: l.user_uuid, content_uuid: l.uuid, container_uuid: l.container_uuid, target_uuid: l.uuid, date_created: Number(l.date_created) })),
    ];
    await insertNotifications(app.db, rows);
  }
}
