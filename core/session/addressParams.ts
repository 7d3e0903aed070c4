/**
 * Page-address parameters (spec platform.md §2): `vtype` (`reset` or `emailverification`) with
 * `vtoken` opens the password-reset or email-verification modal — the element is added to
 * `<body>` with the id `vf-modal`, and the loader loads its chunk like any widget's. The two
 * parameters are then taken off the address (history.replaceState) so a reload does not open
 * the modal again. Without a `vtoken` nothing opens (the token is required).
 */

export const MODAL_ID = 'vf-modal';

const MODAL_TAGS: Readonly<Record<string, string>> = {
  reset: 'vf-svod-reset-password',
  emailverification: 'vf-svod-email-verification',
};

export interface AddressModal {
  tag: string;
  token: string;
  /** The page address without `vtype` and `vtoken`. */
  address: string;
}

/** The modal an address asks for, or null. */
export function modalForAddress(href: string): AddressModal | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const tag = MODAL_TAGS[url.searchParams.get('vtype') ?? ''];
  const token = url.searchParams.get('vtoken')?.trim();
  if (!tag || !token) return null;
  url.searchParams.delete('vtype');
  url.searchParams.delete('vtoken');
  return { tag, token, address: url.href };
}

/** Opens the modal the page address asks for (once: not when a `#vf-modal` is already there). */
export function openAddressModal(doc: Document = document, win: Window = window): HTMLElement | null {
  const modal = modalForAddress(win.location.href);
  if (!modal) return null;
  win.history.replaceState(win.history.state, '', modal.address);
  if (doc.getElementById(MODAL_ID)) return null;
  const el = doc.createElement(modal.tag);
  el.id = MODAL_ID;
  el.setAttribute('vtoken', modal.token);
  doc.body.append(el);
  return el;
}
