/**
 * What a tab of the tray shows a guest: a line saying what logging in gives, and a Log in button
 * that publishes `authentication/required` (site code may swallow it to run its own login) and
 * `tray/login_required` with the tab's `reason`, then opens the shared log in / sign up dialog.
 */
import { useState } from 'react';
import { trayActions } from '../../core/mount/tray.ts';
import { announceLoginRequired } from '../../core/session/loginEvents.ts';
import { Button } from '../ui/Button.tsx';
import { LazyLoginDialog } from '../ui/LoginPrompt.tsx';
import { useT } from '../ui/useIntl.ts';

export function TrayGuest({ reason, text, className, part }: { reason: string; text: string; className: string; part?: string }) {
  const t = useT();
  const [loginOpen, setLoginOpen] = useState(false);
  return (
    <div className={className} part={part}>
      <p>{text}</p>
      <Button
        variant="primary"
        onClick={() => {
          if (!announceLoginRequired(reason)) return;
          trayActions.loginRequired(reason);
          setLoginOpen(true);
        }}
      >
        {t('base.tray.login')}
      </Button>
      {loginOpen && <LazyLoginDialog open onClose={() => setLoginOpen(false)} />}
    </div>
  );
}
