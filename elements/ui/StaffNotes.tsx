/**
 * What a staff element (analytics dashboard, moderation queue, site settings) shows instead of itself: a note
 * (`forbidden`: only administrators…), or a guest's prompt to log in with its Log in button
 * (`authentication/needed` with `action`).
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

export function StaffGuestPrompt({ text, loginLabel, action, className }: { text: string; loginLabel: string; action: string; className: string }) {
  const needed = useLoginNeeded();
  return (
    <StaffNote part="guest" text={text} className={className}>
      <Button part="login" variant="primary" onClick={() => needed(action)}>{loginLabel}</Button>
    </StaffNote>
  );
}
