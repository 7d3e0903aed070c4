/**
 * <vf-tray-trigger>: a bell button that opens and closes the page's tray. It carries the tray
 * activator class `vf-js-tray-activator`; `floating` pins it to the window's corner. For a
 * signed-in reader it shows the unread (new) count as a badge, kept live (the same list and
 * realtime subscription as the tray's feed), and says it in its label.
 */
import { useSyncExternalStore } from 'react';
import { handledActivations } from '../../core/mount/page.ts';
import { getTrayState, subscribeTray, trayActions, TRAY_ACTIVATOR_CLASS } from '../../core/mount/tray.ts';
import { selectUnreadCount } from '../../core/notifications/unread.ts';
import { useNotificationFeed } from '../../core/notifications/useNotificationFeed.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { useIntl, useT } from '../ui/useIntl.ts';

export interface TrayTriggerProps {
  /** `floating`: fixed in the window's bottom corner instead of in the page's flow. */
  floating?: boolean;
}

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M10 2.5a5 5 0 0 0-5 5v3.2L3.5 13.5h13L15 10.7V7.5a5 5 0 0 0-5-5ZM8 15.5a2 2 0 0 0 4 0"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}

export function TrayTrigger({ floating }: TrayTriggerProps) {
  const t = useT();
  const intl = useIntl();
  const tray = useSyncExternalStore(subscribeTray, getTrayState);
  useNotificationFeed('all');
  const unread = useAppSelector(selectUnreadCount);
  return (
    <button
      type="button"
      className={`vf-tray-trigger ${TRAY_ACTIVATOR_CLASS}`}
      part="button"
      data-floating={floating ? '' : undefined}
      aria-label={unread > 0 ? t('base.tray.triggerUnread', { count: unread }) : t('base.tray.trigger')}
      aria-haspopup="dialog"
      aria-expanded={tray.open}
      onClick={(event) => {
        handledActivations.add(event.nativeEvent);
        trayActions.toggle();
      }}
    >
      <BellIcon />
      {unread > 0 && (
        <span className="vf-tray-trigger__badge" part="badge" aria-hidden="true">
          {unread > 99 ? '99+' : intl.formatNumber(unread)}
        </span>
      )}
    </button>
  );
}
