/**
 * For a guest, focusing or clicking a compose field asks to log in. Asking publishes
 * `authentication/required` first (site code swallowing it runs its own login, and nothing
 * opens), then `authentication/needed` (spec §6), records the signup referral, and opens the widget's
 * login dialog — unless the site set `disable_widget_logins`, when readers log in through the
 * publisher and only the event goes out. When the dialog closes, the browser returns focus to
 * the field: a focus coming from inside a dialog is ignored so the dialog does not reopen.
 */
import { useEffect, useRef, type FocusEvent } from 'react';
import { publish } from '../../core/global-api/bus.ts';
import { announceLoginRequired } from '../../core/session/loginEvents.ts';
import { writeSignupReferral } from '../../core/session/storage.ts';
import { useLoginPrompt } from './LoginPrompt.tsx';
import type { LoginMode } from './loginValidation.ts';
import { useViewer } from './usePermission.ts';
import { REPLAY_DELAY_MS } from './guestReactions.ts';

/**
 * Announces that a guest tried `action`, and opens the login dialog when the site allows it (on
 * the `on` tab when given: the guest's Log in and Sign up buttons).
 */
export function useLoginNeeded() {
  const { open, requestLogin } = useLoginPrompt();
  const widgetLogins = !useViewer().settings.disable_widget_logins;
  return (action: string, on?: LoginMode) => {
    if (open) return;
    // Site code that sends readers to its own login page swallows `required` ($prepublish → false).
    if (!announceLoginRequired(action)) return;
    writeSignupReferral(action);
    publish('authentication', 'needed', { action });
    if (widgetLogins) requestLogin(on);
  };
}

export function useGuestGate(action = 'comment.create') {
  const { loggedIn } = useViewer();
  const needed = useLoginNeeded();

  const gate = () => {
    if (!loggedIn) needed(action);
  };

  return {
    loggedIn,
    /**
     * Runs `run` for a logged-in user, else runs `asGuest` (e.g. keep the action for replay
     * after login) and asks to log in for `what` (default: this gate's action).
     */
    requireLogin(run: () => void, what = action, asGuest?: () => void) {
      if (loggedIn) return run();
      asGuest?.();
      needed(what);
    },
    onFocus(event: FocusEvent<HTMLElement>) {
      const from = event.relatedTarget;
      if (from instanceof Element && from.closest('dialog')) return;
      gate();
    },
    onClick: gate,
  };
}

/**
 * An attempt that needs a login (a guest opening a reply box): a logged-in user's runs at once;
 * a guest's is kept, login is asked for, and it runs REPLAY_DELAY_MS (1 s) after the login,
 * once the page shows the user's own state (content.md §4: attempted actions are delayed 1000 ms).
 */
export function useAttemptAfterLogin() {
  const { loggedIn } = useViewer();
  const needed = useLoginNeeded();
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => {
    const run = pending.current;
    if (!loggedIn || !run) return undefined;
    pending.current = null;
    const timer = setTimeout(run, REPLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loggedIn]);
  return (action: string, run: () => void) => {
    if (loggedIn) return run();
    pending.current = run;
    needed(action);
  };
}
