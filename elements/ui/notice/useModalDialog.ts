/**
 * A native modal <dialog> that opens when mounted, with what a modal owes the keyboard: Tab and
 * Shift+Tab stay inside it (the page behind is inert, but Tab would otherwise leave for the
 * browser's own controls), Escape closes it (the dialog's `cancel`, then `close`), and focus goes
 * back to what had it before — the "More actions" button the entry was chosen from — when it
 * closes or unmounts. Its stylesheet is adopted by the root it renders in (a constructed sheet:
 * no <style> element, so a strict Content-Security-Policy allows it).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { adoptSheet } from '../../../core/styleSheets.ts';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The root a node renders in: its shadow root, or the document (the legacy light-DOM rendering). */
function rootOf(node: Node): ShadowRoot | Document {
  const root = node.getRootNode();
  return root instanceof ShadowRoot ? root : document;
}

export function useModalDialog(css: string) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const root = rootOf(el);
    adoptSheet(root, css);
    const opener = root.activeElement as HTMLElement | null;
    if (!el.open) el.showModal();
    return () => {
      if (el.open) el.close();
      // The opener may have left the page meanwhile (its item removed live): then nothing to return to.
      if (opener?.isConnected) opener.focus();
    };
  }, [css]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const el = dialog.current;
    if (event.key !== 'Tab' || !el) return;
    const focusable = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => node.getClientRects().length > 0);
    if (focusable.length === 0) return;
    const active = rootOf(el).activeElement;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && (active === first || !el.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !el.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return { dialog, onKeyDown };
}
