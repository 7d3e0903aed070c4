/**
 * What a staff element (the analytics dashboard, the moderation queue) shows anyone it is not for:
 * a note in the element's words, and for a guest a Log in button that asks for the login
 * (`authentication/needed` with the element's action).
 */
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { useLoginNeeded } from './useGuestGate.ts';

export function StaffNote({ part, text, className, children }: { part: string; text: string; className: string; children?: ReactNode }) {
  return (
    <div className={`vf-state ${className}`} part={part}>
      <p>{text}</p>
      {children}
    </div>
  );
}

export function StaffLogin({ text, login, action, className }: { text: string; login: string; action: string; className: string }) {
  const needed = useLoginNeeded();
  return (
    <StaffNote part="guest" text={text} className={className}>
      <Button part="login" variant="primary" onClick={() => needed(action)}>{login}</Button>
    </StaffNote>
  );
}
