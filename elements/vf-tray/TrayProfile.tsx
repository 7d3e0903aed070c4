/**
 * The tray's profile view: the signed-in reader's picture and name with a Log out button; for a
 * guest, a Log in button that opens the shared log in / sign up dialog (and publishes
 * `tray/login_required`).
 */
import { useState } from 'react';
import { useLogoutMutation } from '../../core/api/users.ts';
import { trayActions } from '../../core/mount/tray.ts';
import { selectCurrentUser, isLoggedInUser, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Button } from '../ui/Button.tsx';
import { LoginDialog } from '../ui/LoginDialog.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';

export function TrayProfile() {
  const t = useT();
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectCurrentUser);
  const [logout, logoutState] = useLogoutMutation();
  const [loginOpen, setLoginOpen] = useState(false);

  if (status !== 'ready') return <Skeleton label={t('base.tray.loading')} />;

  if (isLoggedInUser(user)) {
    return (
      <div className="vf-tray__profile">
        <div className="vf-tray__who">
          <Avatar name={user.name} src={user.pic_large ?? user.pic_small} seed={user.uuid} />
          <span className="vf-tray__name" part="profile-name">
            {user.name}
          </span>
        </div>
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

  return (
    <div className="vf-tray__profile">
      <p>{t('base.tray.guest')}</p>
      <Button
        variant="primary"
        onClick={() => {
          trayActions.loginRequired('profile');
          setLoginOpen(true);
        }}
      >
        {t('base.tray.login')}
      </Button>
      <LoginDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </div>
  );
}
