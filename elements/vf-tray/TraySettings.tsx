/**
 * The tray's settings view (docs/elements.md "<vf-tray>"): a signed-in reader's email
 * notifications (EmailSettings, its own chunk, so a guest's tray does not carry it); a guest gets
 * a Log in button (TrayGuest, reason `settings`).
 */
import { isLoggedInUser, selectCurrentUser, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { lazyChunk } from '../ui/lazyChunk.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { TrayGuest } from './TrayGuest.tsx';

const LazyEmailSettings = lazyChunk(() => import('./EmailSettings.tsx').then((module) => module.EmailSettings), 8);

export function TraySettings() {
  const t = useT();
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectCurrentUser);

  if (status !== 'ready') return <Skeleton label={t('base.tray.loading')} />;

  if (isLoggedInUser(user)) {
    return (
      <div className="vf-tray__settings">
        <LazyEmailSettings key={user.uuid} user={user} />
      </div>
    );
  }

  return <TrayGuest reason="settings" text={t('base.emailSettings.guest')} className="vf-tray__settings vf-tray__settings--guest" />;
}
