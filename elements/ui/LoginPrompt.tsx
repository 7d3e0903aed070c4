/**
 * One login dialog per element, opened from anywhere in its tree: `useLoginPrompt().requestLogin()`,
 * on a given tab (`'signup'`: the guest's Sign up button) or on the one it showed last.
 * A successful login or sign-up announces `vf-login-success` on the host.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
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
}

const LoginPromptContext = createContext<LoginPromptValue>({ open: false, requestLogin: () => {} });

export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first request on, so it keeps its state between openings.
  const [wanted, setWanted] = useState(false);
  const [openOn, setOpenOn] = useState<LoginMode | undefined>();
  const emit = useHostEvent();
  const requestLogin = useCallback((on?: LoginMode) => {
    setWanted(true);
    setOpenOn(on);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const success = useCallback(
    (user: User, isNew: boolean) => emit<LoginSuccessDetail>('vf-login-success', { user: { uuid: user.uuid, name: user.name }, isNew }),
    [emit],
  );
  // The same value until `open` changes: every comment reads this context.
  const value = useMemo(() => ({ open, requestLogin }), [open, requestLogin]);
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
