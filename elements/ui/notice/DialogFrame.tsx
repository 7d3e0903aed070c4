/**
 * The frame the legal dialogs share (the notice form, the appeal): a modal `<dialog>` run by
 * useModalDialog, its title and close button, then the body.
 */
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { DialogHeader } from '../DialogHeader.tsx';

export interface DialogFrameProps {
  dialog: RefObject<HTMLDialogElement | null>;
  onKeyDown(event: KeyboardEvent<HTMLDialogElement>): void;
  title: string;
  titleId: string;
  describedBy?: string;
  onClose(): void;
  children: ReactNode;
}

export function DialogFrame({ dialog, onKeyDown, title, titleId, describedBy, onClose, children }: DialogFrameProps) {
  return (
    <dialog ref={dialog} className="vf-dialog vf-notice-dialog" aria-labelledby={titleId} aria-describedby={describedBy} onKeyDown={onKeyDown} onClose={onClose}>
      <DialogHeader title={title} titleId={titleId} onClose={onClose} />
      <div className="vf-dialog__body">{children}</div>
    </dialog>
  );
}
