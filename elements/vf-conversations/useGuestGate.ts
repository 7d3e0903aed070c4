/**
 * For a guest, focusing or clicking a compose field opens the login dialog instead. When the
 * dialog closes, the browser returns focus to the field: a focus coming from inside a dialog
 * is ignored so the dialog does not reopen.
 */
import type { FocusEvent } from 'react';
import { selectIsLoggedIn } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { useLoginPrompt } from '../ui/LoginPrompt.tsx';

export function useGuestGate() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { open, requestLogin } = useLoginPrompt();

  const gate = () => {
    if (!loggedIn && !open) requestLogin();
  };

  return {
    loggedIn,
    /** Runs `action` for a logged-in user, else asks to log in. */
    requireLogin(action: () => void) {
      if (loggedIn) action();
      else requestLogin();
    },
    onFocus(event: FocusEvent<HTMLElement>) {
      const from = event.relatedTarget;
      if (from instanceof Element && from.closest('dialog')) return;
      gate();
    },
    onClick: gate,
  };
}
