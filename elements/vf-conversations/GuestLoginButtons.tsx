/**
 * A guest's visible way in: "Log in" and "Sign up" buttons, each opening the login dialog on its
 * tab. They ask as a guest's attempt does (useLoginNeeded: `authentication/required` first, so a
 * site running its own login takes over, then `needed` with action `login` or `signup`). Gone
 * once the reader is signed in, and where the site turned the widget's logins off (`user.login`
 * is setting_disabled: readers log in through the publisher).
 */
import { Button } from '../ui/Button.tsx';
import { useLoginNeeded } from '../ui/useGuestGate.ts';
import { useT } from '../ui/useIntl.ts';
import { usePermission, useViewer } from '../ui/usePermission.ts';

export function GuestLoginButtons() {
  const t = useT();
  const { loggedIn } = useViewer();
  const widgetLogin = usePermission('user', 'login');
  const needed = useLoginNeeded();
  if (loggedIn || !widgetLogin.allowed) return null;
  return (
    <div className="vf-guest-login" part="guest-login" role="group" aria-label={t('base.login.tabs')}>
      <Button onClick={() => needed('login', 'login')}>{t('base.login.tab')}</Button>
      <Button variant="primary" onClick={() => needed('signup', 'signup')}>{t('base.signup.tab')}</Button>
    </div>
  );
}
