/**
 * What the realtime middleware dispatches for a `notification` frame (core/notifications/live.ts
 * decides whether it counts). The notifications themselves, the unread count and the reader's
 * channel are server data: they stay in the RTK Query cache (core/api/notifications.ts).
 */
import { createAction } from '@reduxjs/toolkit';
import type { NotificationNotice } from '../api/notificationTypes.ts';

export const noticeReceived = createAction<NotificationNotice>('notifications/noticeReceived');
