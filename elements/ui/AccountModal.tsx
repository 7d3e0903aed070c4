/**
 * The shell of the account modals (`<vf-svod-reset-password>`, `<vf-svod-email-verification>`):
 * a native modal <dialog>, open from the start, titled, with a close button; Escape closes it
 * too. Closing removes the element from the page (it was added for one link). After opening,
 * focus goes to the element marked `data-autofocus`, else the dialog's first control.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { DialogHeader } from './DialogHeader.tsx';
import { useHost } from './hostEvents.ts';

export interface AccountModalProps {
  title: string;
  /** Gets `close` for the content's own Close / Done buttons. */
  children(close: () => void): ReactNode;
}

export function AccountModal({ title, children }: AccountModalProps) {
  const id = useId();
  const host = useHost();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el || el.open) return;
    el.showModal();
    el.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  const close = () => dialog.current?.close();
  const titleId = `${id}-title`;
  return (
    // The close event follows the close button, Escape and `close()` alike.
    <dialog ref={dialog} className="vf-dialog" part="dialog" aria-labelledby={titleId} onClose={() => queueMicrotask(() => host?.remove())}>
      <DialogHeader title={title} titleId={titleId} onClose={close} />
      <div className="vf-dialog__body">{children(close)}</div>
    </dialog>
  );
}
