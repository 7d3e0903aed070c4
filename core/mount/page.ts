/**
 * Page-level mounting duties (spec §2 Mounting): the state classes on `<html>`, the tray and
 * its trigger added to `<body>` when the page has none, and the tray activator class.
 */
import type { User } from '../api/types.ts';
import { isLoggedInUser } from '../session/slice.ts';
import { pageSettled } from './settled.ts';
import { isTrayWanted, onTrayWanted, TRAY_ACTIVATOR_CLASS, trayActions, trayLoading } from './tray.ts';

export const PAGE_CLASSES = ['vf-logged-in', 'vf-logged-out', 'vf-moderator', 'vf-admin'] as const;
/** Widgets that carry their own login and notifications entry: no floating trigger beside them. */
const TRIGGER_SKIPPED_BY = 'vf-conversations, vf-review-form, .viafoura[data-widget="comments"], .viafoura[data-widget="reviews"]';

/** `vf-logged-in` or `vf-logged-out`, plus `vf-moderator` / `vf-admin` by privilege. */
export function pageClassesFor(user: User | null): string[] {
  if (!isLoggedInUser(user)) return ['vf-logged-out'];
  const classes = ['vf-logged-in'];
  if (user.user_privilege === 'mod') classes.push('vf-moderator');
  if (user.user_privilege === 'admin') classes.push('vf-admin');
  return classes;
}

export function applyPageClasses(user: User | null | undefined, root: Element = document.documentElement): void {
  const wanted = user === undefined ? [] : pageClassesFor(user);
  for (const name of PAGE_CLASSES) root.classList.toggle(name, wanted.includes(name));
}

/**
 * Adds `<vf-tray>` to the body when the page has none, and a floating `<vf-tray-trigger>` when
 * it has no trigger and no conversations or reviews widget. The tray (its chunk, its profile and
 * login code) comes once the page has settled (core/mount/settled.ts), so it never competes with
 * the first render of what the reader sees — or at once when anything asks for it (a trigger, an
 * activator, `vf.tray.*`): those calls wait for it meanwhile (spec: the tray loads lazily; calls
 * made before are queued and replayed).
 */
export function ensureTray(doc: Document = document, later: () => Promise<void> = pageSettled): void {
  if (!doc.body) return;
  if (!doc.querySelector('vf-tray')) {
    const add = () => {
      if (!isTrayWanted(add)) return; // torn down meanwhile, or added already
      onTrayWanted(null);
      if (!doc.querySelector('vf-tray')) doc.body.append(doc.createElement('vf-tray'));
    };
    void later().then(add);
    onTrayWanted(add);
  }
  trayLoading();
  if (!doc.querySelector('vf-tray-trigger') && !doc.querySelector(TRIGGER_SKIPPED_BY)) {
    const trigger = doc.createElement('vf-tray-trigger');
    trigger.setAttribute('floating', '');
    doc.body.append(trigger);
  }
}

/** Clicks already handled by a trigger's own button (so the page listener skips them). */
export const handledActivations = new WeakSet<Event>();

/** Any element with the activator class (the page's own links too) toggles the tray. */
export function listenForActivators(doc: Document = document): () => void {
  const onClick = (event: Event) => {
    if (handledActivations.has(event)) return;
    const activator = event
      .composedPath()
      .find((node) => node instanceof Element && node.classList.contains(TRAY_ACTIVATOR_CLASS));
    if (!activator) return;
    event.preventDefault();
    trayActions.toggle();
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
