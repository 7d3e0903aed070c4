/**
 * What a staff element (analytics dashboard, moderation queue, site settings) shows instead of itself: a note
 * (`forbidden`: only administrators…), or a guest's prompt to log in with its Log in button
 * (`authentication/needed` with `action`); and its heading, where the focus lands after that login.
 */
import { useRef, type ReactNode } from 'react';
import { isPrivileged } from '../../core/permissions/index.ts';
import type { User } from '../../core/api/types.ts';
import { isLoggedInUser, selectCurrentUser, selectSectionUuid, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from './Button.tsx';
import { useFocusAfterLogin } from './LoginPrompt.tsx';
import { useLoginNeeded } from './useGuestGate.ts';

export function StaffNote({ part, text, className, children }: { part: string; text: string; className: string; children?: ReactNode }) {
  return (
    <div className={`vf-state ${className}`} part={part}>
      <p>{text}</p>
      {children}
    </div>
  );
}

/**
 * The element's heading. Logging in from its Log in removes that button: the focus then comes
 * here (tabIndex -1: reachable by script, not a Tab stop) instead of falling to <body>.
 */
export function StaffTitle({ view, id, className, text }: { view: StaffView; id: string; className: string; text: string }) {
  const title = useRef<HTMLHeadingElement>(null);
  useFocusAfterLogin(title, view.kind === 'allowed' || view.kind === 'forbidden');
  return <h2 ref={title} className={className} id={id} part="title" tabIndex={-1}>{text}</h2>;
}

export function StaffGuestPrompt({ text, loginLabel, action, className }: { text: string; loginLabel: string; action: string; className: string }) {
  const needed = useLoginNeeded();
  return (
    <StaffNote part="guest" text={text} className={className}>
      <Button part="login" variant="primary" onClick={() => needed(action)}>{loginLabel}</Button>
    </StaffNote>
  );
}

/**
 * While the session is not known yet: the guest's prompt, laid out but unseen, so the box is the
 * one a guest ends with (same words, same wrapping, any language or width) and nothing moves when
 * it shows; a screen reader hears `label`. Staff then get their own placeholders.
 */
export function StaffPending({ text, loginLabel, label, className }: { text: string; loginLabel: string; label: string; className: string }) {
  return (
    <div className={`vf-state vf-staff-pending ${className}`} part="skeleton" role="status" aria-busy="true" aria-label={label}>
      <p aria-hidden="true">{text}</p>
      <Button part="login" variant="primary" disabled aria-hidden="true">{loginLabel}</Button>
    </div>
  );
}

/**
 * Who a staff element is showing to: `loading` until the session and site are known, `guest`,
 * `forbidden` (signed in without the role: `admin`, or `staff` for moderators and admins), or
 * `allowed` with the site and the user. The server rules every call the same way.
 */
export type StaffView = { kind: 'loading' } | { kind: 'guest' } | { kind: 'forbidden' } | { kind: 'allowed'; sectionUuid: string; user: User };

export function useStaffView(role: 'admin' | 'staff'): StaffView {
  const status = useAppSelector(selectSessionStatus);
  const sectionUuid = useAppSelector(selectSectionUuid);
  const user = useAppSelector(selectCurrentUser);
  if (status !== 'ready' || !sectionUuid) return { kind: 'loading' };
  if (!isLoggedInUser(user)) return { kind: 'guest' };
  const allowed = role === 'admin' ? user.user_privilege === 'admin' : isPrivileged(user);
  return allowed ? { kind: 'allowed', sectionUuid, user } : { kind: 'forbidden' };
}
