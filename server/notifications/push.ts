/** Browser push for new notifications (docs/notifications.md): not sent yet. */
import type { FastifyInstance } from 'fastify';
import type { NotificationsTable } from '../storage/schema.ts';

export async function pushNotifications(_app: FastifyInstance, _rows: NotificationsTable[]): Promise<void> {}
