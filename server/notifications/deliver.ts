/**
 * What happens once notification rows are committed: the recipients' open pages hear of them on
 * their channel (a broadcast once, on the site's broadcast channel), and browser push goes out.
 */
import type { FastifyInstance } from 'fastify';
import { BROADCAST_CHANNEL, type Broadcast, type NotificationType } from '../../core/api/notificationTypes.ts';
import type { NotificationsTable } from '../storage/schema.ts';
import { pushNotifications } from './push.ts';

export function deliver(app: FastifyInstance, rows: NotificationsTable[], broadcast?: Broadcast): void {
  if (broadcast) {
    app.hub.notify({
      notification_channel: BROADCAST_CHANNEL,
      section_uuid: broadcast.section_uuid,
      notification_type: broadcast.notification_type,
      notification_uuid: broadcast.notification_uuid,
      time: broadcast.time,
      broadcast,
      target_topic_id: broadcast.target_topic_id,
    });
  } else {
    for (const row of rows) {
      app.hub.notify({
        notification_channel: app.auth.notificationChannel(row.user_uuid),
        section_uuid: row.site_uuid,
        notification_type: row.type as NotificationType,
        notification_uuid: row.uuid,
        time: row.date_created,
      });
    }
  }
  // Push is slow (a request per device) and must not hold the write that caused it.
  pushNotifications(app, rows).catch((error: unknown) => app.log.error({ err: error }, 'browser push failed'));
}
