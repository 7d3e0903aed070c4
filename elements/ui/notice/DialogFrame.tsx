/**
 * The frame the legal dialogs share (the notice form, the appeal): a modal `<dialog>` run by
 * useModalDialog, its title and close button, then the body.
 */
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { Button } from '../Button.tsx';
import { CloseIcon } from '../CloseIcon.tsx';
import { useT } from '../useIntl.ts';

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
  const t = useT();
  return (
    <dialog ref={dialog} className="vf-dialog vf-notice-dialog" aria-labelledby={titleId} aria-describedby={describedBy} onKeyDown={onKeyDown} onClose={onClose}>
      <div className="vf-dialog__header">
        <h2 id={titleId} className="vf-dialog__title">
          {title}
        </h2>
        <Button variant="ghost" aria-label={t('base.dialog.close')} onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      <div className="vf-dialog__body">{children}</div>
    </dialog>
  );
}
