/**
 * For a guest, focusing or clicking a compose field asks to log in. Asking publishes
 * `authentication/needed` (spec §6: site code may run its own login) and opens the widget's
 * login dialog — unless the site set `disable_widget_logins`, when readers log in through the
 * publisher and only the event goes out. When the dialog closes, the browser returns focus to
 * the field: a focus coming from inside a dialog is ignored so the dialog does not reopen.
 */
import type { FocusEvent } from 'react';
import { publish } from '../../core/global-api/bus.ts';
import { selectIsLoggedIn } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { useLoginPrompt } from '../ui/LoginPrompt.tsx';
import { useSiteSettings } from './usePermission.ts';

/** Announces that a guest tried `action`, and opens the login dialog when the site allows it. */
export function useLoginNeeded() {
  const { open, requestLogin } = useLoginPrompt();
  const widgetLogins = !useSiteSettings().disable_widget_logins;
  return (action: string) => {
    if (open) return;
    publish('authentication', 'needed', { action });
    if (widgetLogins) requestLogin();
  };
}

export function useGuestGate(action = 'comment.create') {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const needed = useLoginNeeded();

  const gate = () => {
    if (!loggedIn) needed(action);
  };

  return {
    loggedIn,
    /** Runs `run` for a logged-in user, else asks to log in for `what` (default: this gate's action). */
    requireLogin(run: () => void, what = action) {
      if (loggedIn) run();
      else needed(what);
    },
    onFocus(event: FocusEvent<HTMLElement>) {
      const from = event.relatedTarget;
      if (from instanceof Element && from.closest('dialog')) return;
      gate();
    },
    onClick: gate,
  };
}
