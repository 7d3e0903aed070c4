/**
 * <vf-tray>: the page's notification tray, a side panel in a native modal <dialog> with the
 * views feed, profile, community and settings (the reader's email notifications: TraySettings).
 * Its state (open, view) lives in core/mount/tray.ts, shared with the trigger and `window.vf.tray`.
 * Escape or the close button closes it; focus moves to the selected tab on open and back where it
 * was on close. Only the first tray on a page shows.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { EMAIL_PREFERENCES_HASH } from '../../core/mail/types.ts';
import {
  attachTray, detachTray, getTrayState, subscribeTray, trayActions, TRAY_VIEWS, type TrayView,
} from '../../core/mount/tray.ts';
import { DialogHeader } from '../ui/DialogHeader.tsx';
import { useHost } from '../ui/hostEvents.ts';
import { useT } from '../ui/useIntl.ts';
import { Feed } from './Feed.tsx';
import { TrayCommunity } from './TrayCommunity.tsx';
import { TrayProfile } from './TrayProfile.tsx';
import { TraySettings } from './TraySettings.tsx';

/** The element that has focus, looking inside shadow roots. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

export function Tray() {
  const t = useT();
  const host = useHost();
  const tray = useSyncExternalStore(subscribeTray, getTrayState);
  const [isPageTray, setIsPageTray] = useState<boolean | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const tabs = useRef<Partial<Record<TrayView, HTMLButtonElement | null>>>({});
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!host) return;
    setIsPageTray(attachTray(host));
    return () => detachTray(host);
  }, [host]);

  // The mails' "Email preferences" link (server/mail/readerMails.ts) opens the page with this
  // fragment: the page's tray opens on its settings.
  useEffect(() => {
    if (!isPageTray) return;
    const openSettings = () => {
      if (location.hash === EMAIL_PREFERENCES_HASH) trayActions.open('settings');
    };
    openSettings();
    window.addEventListener('hashchange', openSettings);
    return () => window.removeEventListener('hashchange', openSettings);
  }, [isPageTray]);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (tray.open && !el.open) {
      returnFocus.current = deepActiveElement();
      el.showModal();
      tabs.current[getTrayState().view]?.focus();
    } else if (!tray.open && el.open) {
      el.close();
      returnFocus.current?.focus();
    }
  }, [tray.open, isPageTray]);

  if (isPageTray !== true) return null;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TRAY_VIEWS[(TRAY_VIEWS.indexOf(tray.view) + step + TRAY_VIEWS.length) % TRAY_VIEWS.length]!;
    trayActions.changeTab(next);
    tabs.current[next]?.focus();
  };

  return (
    <dialog
      ref={dialog}
      className="vf-tray"
      part="panel"
      aria-labelledby="vf-tray-title"
      onCancel={(event) => {
        event.preventDefault();
        trayActions.close();
      }}
    >
      <DialogHeader title={t('base.tray.title')} titleId="vf-tray-title" onClose={() => trayActions.close()} />
      <div role="tablist" className="vf-tabs" aria-label={t('base.tray.tabs')}>
        {TRAY_VIEWS.map((view) => (
          <button
            key={view}
            ref={(el) => {
              tabs.current[view] = el;
            }}
            type="button"
            role="tab"
            id={`vf-${view}-tab`}
            className="vf-tab"
            aria-selected={tray.view === view}
            aria-controls={`vf-${view}`}
            tabIndex={tray.view === view ? 0 : -1}
            onClick={() => trayActions.changeTab(view)}
            onKeyDown={onTabKey}
          >
            {t(`base.tray.tab.${view}`)}
          </button>
        ))}
      </div>
      {TRAY_VIEWS.map((view) => (
        <div
          key={view}
          id={`vf-${view}`}
          role="tabpanel"
          className="vf-tray__view"
          part={`view view-${view}`}
          aria-labelledby={`vf-${view}-tab`}
          hidden={tray.view !== view}
        >
          {tray.view === view && view === 'feed' && <Feed />}
          {tray.view === view && view === 'profile' && <TrayProfile />}
          {tray.view === view && view === 'community' && <TrayCommunity />}
          {tray.view === view && view === 'settings' && <TraySettings />}
        </div>
      ))}
    </dialog>
  );
}
