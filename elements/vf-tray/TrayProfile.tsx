/**
 * The tray's profile view: the signed-in reader's name and picture, editable (ProfileEditor),
 * whether their email address awaits confirmation (EmailVerificationNotice), what they follow
 * and who follows them (FollowLists; the tray has no separate community view), their data —
 * download, account deletion (DataRights, docs/law.md "Readers' data") — with a Log out button;
 * for a guest, a Log in button (TrayGuest, reason `profile`).
 */
import { useLogoutMutation } from '../../core/api/users.ts';
import { selectCurrentUser, isLoggedInUser, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { EmailVerificationNotice } from './EmailVerificationNotice.tsx';
import { lazyChunk } from '../ui/lazyChunk.tsx';
import { TrayGuest } from './TrayGuest.tsx';

/** A signed-in reader's only: their own chunks, so a guest's tray does not carry them. */
const LazyProfileEditor = lazyChunk(() => import('./ProfileEditor.tsx').then((module) => module.ProfileEditor), 3);
const LazyFollowLists = lazyChunk(() => import('./FollowLists.tsx').then((module) => module.FollowLists), 3);
const LazyDataRights = lazyChunk(() => import('./DataRights.tsx').then((module) => module.DataRights), 2);

export function TrayProfile() {
  const t = useT();
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectCurrentUser);
  const [logout, logoutState] = useLogoutMutation();

  if (status !== 'ready') return <Skeleton label={t('base.tray.loading')} />;

  if (isLoggedInUser(user)) {
    return (
      <div className="vf-tray__profile">
        <p className="vf-tray__name" part="profile-name">
          {user.name}
        </p>
        <EmailVerificationNotice key={`verify-${user.uuid}`} user={user} />
        <LazyProfileEditor key={user.uuid} user={user} />
        <LazyFollowLists key={`follows-${user.uuid}`} user={user} />
        <LazyDataRights key={`rights-${user.uuid}`} user={user} />
        <Button busy={logoutState.isLoading} onClick={() => void logout().unwrap().catch(() => {})}>
          {t('base.tray.logout')}
        </Button>
        {logoutState.isError && (
          <p className="vf-tray__error" role="alert">
            {t('base.tray.logoutFailed')}
          </p>
        )}
      </div>
    );
  }

  return <TrayGuest reason="profile" text={t('base.tray.guest')} className="vf-tray__profile" />;
}
