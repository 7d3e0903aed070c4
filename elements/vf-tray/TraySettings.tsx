/**
 * The tray's settings view (docs/elements.md "<vf-tray>"): a signed-in reader's email
 * notifications (EmailSettings, its own chunk, so a guest's tray does not carry it); a guest gets
 * a Log in button that publishes `authentication/required` (site code may swallow it to run its
 * own login) and `tray/login_required` with reason `settings`, then opens the shared log in /
 * sign up dialog.
 */
import { useState } from 'react';
import { trayActions } from '../../core/mount/tray.ts';
import { announceLoginRequired } from '../../core/session/loginEvents.ts';
import { isLoggedInUser, selectCurrentUser, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { lazyChunk } from '../ui/lazyChunk.tsx';
import { LazyLoginDialog } from '../ui/LoginPrompt.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';

const LazyEmailSettings = lazyChunk(() => import('./EmailSettings.tsx').then((module) => module.EmailSettings), 8);

export function TraySettings() {
  const t = useT();
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectCurrentUser);
  const [loginOpen, setLoginOpen] = useState(false);

  if (status !== 'ready') return <Skeleton label={t('base.tray.loading')} />;

  if (isLoggedInUser(user)) {
    return (
      <div className="vf-tray__settings">
        <LazyEmailSettings key={user.uuid} user={user} />
      </div>
    );
  }

  return (
    <div className="vf-tray__settings vf-tray__settings--guest">
      <p>{t('base.emailSettings.guest')}</p>
      <Button
        variant="primary"
        onClick={() => {
          if (!announceLoginRequired('settings')) return;
          trayActions.loginRequired('settings');
          setLoginOpen(true);
        }}
      >
        {t('base.tray.login')}
      </Button>
      {loginOpen && <LazyLoginDialog open onClose={() => setLoginOpen(false)} />}
    </div>
  );
}
