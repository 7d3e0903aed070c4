/**
 * One login dialog per element, opened from anywhere in its tree: `useLoginPrompt().requestLogin()`,
 * on a given tab (`'signup'`: the guest's Sign up button) or on the one it showed last.
 * A successful login or sign-up announces `vf-login-success` on the host; `useFocusAfterLogin`
 * then gives the focus a place in the element once the dialog has closed.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { User } from '../../core/api/types.ts';
import { useHostEvent } from './hostEvents.ts';
import { lazyChunk } from './lazyChunk.tsx';
import type { LoginMode } from './loginValidation.ts';

/** The dialog (forms, validation, social logins) is its own chunk: fetched when first asked for. */
export const LazyLoginDialog = lazyChunk(() => import('./LoginDialog.tsx').then((module) => module.LoginDialog));

export interface LoginSuccessDetail {
  user: Pick<User, 'uuid' | 'name'>;
  isNew: boolean;
}

interface LoginPromptValue {
  open: boolean;
  requestLogin(on?: LoginMode): void;
  /** How many logins made in this element's dialog have closed it. */
  loginsHere: number;
}

const LoginPromptContext = createContext<LoginPromptValue>({ open: false, requestLogin: () => {}, loginsHere: 0 });

export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first request on, so it keeps its state between openings.
  const [wanted, setWanted] = useState(false);
  const [openOn, setOpenOn] = useState<LoginMode | undefined>();
  const [loginsHere, setLoginsHere] = useState(0);
  const succeeded = useRef(false);
  const emit = useHostEvent();
  const requestLogin = useCallback((on?: LoginMode) => {
    setWanted(true);
    setOpenOn(on);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const success = useCallback(
    (user: User, isNew: boolean) => {
      succeeded.current = true;
      emit<LoginSuccessDetail>('vf-login-success', { user: { uuid: user.uuid, name: user.name }, isNew });
    },
    [emit],
  );
  // Runs after the dialog's own effect has closed it (children's effects run first): until then
  // the rest of the element is inert and could not take the focus.
  useEffect(() => {
    if (open || !succeeded.current) return;
    succeeded.current = false;
    setLoginsHere((n) => n + 1);
  }, [open]);
  // The same value until `open` changes (or a login here): every comment reads this context.
  const value = useMemo(() => ({ open, requestLogin, loginsHere }), [open, requestLogin, loginsHere]);
  return (
    <LoginPromptContext.Provider value={value}>
      {children}
      {wanted && <LazyLoginDialog open={open} openOn={openOn} onClose={close} onSuccess={success} />}
    </LoginPromptContext.Provider>
  );
}

export function useLoginPrompt(): LoginPromptValue {
  return useContext(LoginPromptContext);
}

/**
 * After a login made in this element's dialog, the focus goes to `target` once `shown` (what the
 * signed-in reader sees has replaced the guest's Log in, which took the focus with it to <body>).
 * Only while the focus is nowhere or still in this element: never taken from elsewhere on the page.
 */
export function useFocusAfterLogin(target: RefObject<HTMLElement | null>, shown: boolean): void {
  const { loginsHere } = useLoginPrompt();
  const handled = useRef(loginsHere);
  useEffect(() => {
    const el = target.current;
    if (!shown || !el || handled.current === loginsHere) return;
    handled.current = loginsHere;
    const active = document.activeElement;
    const root = el.getRootNode();
    const free = !active || active === document.body || (root instanceof ShadowRoot && active === root.host);
    if (free) el.focus();
  }, [shown, loginsHere]); // eslint-disable-line react-hooks/exhaustive-deps
}
