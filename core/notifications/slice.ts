/**
 * The page's notification state that is not server data (that stays in the RTK Query cache,
 * core/api/notifications.ts, unread count included): the signed-in user's realtime channel,
 * learnt from the list's answer. `notifications/noticeReceived` is what the realtime middleware
 * dispatches for a `notification` frame (core/notifications/live.ts decides whether it counts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NotificationNotice } from '../api/notificationTypes.ts';
import { loggedIn, loggedOut } from '../session/slice.ts';

export interface NotificationsState {
  channel: string | null;
}

const initialState: NotificationsState = { channel: null };

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    channelKnown(state, action: PayloadAction<string>) {
      state.channel = action.payload;
    },
    /** A `notification` frame; live.ts decides whether it counts. */
    noticeReceived(_state, _action: PayloadAction<NotificationNotice>) {},
  },
  extraReducers: (builder) => {
    // Another user's channel must not stay subscribed.
    builder.addCase(loggedIn, (state) => void (state.channel = null));
    builder.addCase(loggedOut, (state) => void (state.channel = null));
  },
});

export const { channelKnown, noticeReceived } = notificationsSlice.actions;

type WithNotifications = { notifications: NotificationsState };
export const selectNotificationChannel = (state: WithNotifications): string | null => state.notifications.channel;
