/**
 * Ad-surface tests' helpers: the site's ad settings as bootstrap brought them, changed for one
 * test (the client's view only: the server's demo settings stay as they are), and a keyboard walk
 * that proves an ad adds no focus trap.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { bootstrapped } from '../../../core/session/slice.ts';
import { getStore } from '../../../core/store/index.ts';
import type { BootstrapResult } from '../../../core/api/types.ts';

/** Runs with the site's settings changed by `overrides`, then puts them back. */
export function siteSettingsFor(overrides: Record<string, unknown>): () => void {
  const store = getStore();
  const session = store.getState().session;
  const result = (settings: unknown) =>
    ({ user: session.user, settings, section_uuid: session.sectionUuid, sectionTree: session.sectionTree, session: session.session, domains: session.domains }) as unknown as BootstrapResult;
  store.dispatch(bootstrapped(result({ ...session.settings, ...overrides })));
  return () => store.dispatch(bootstrapped(result(session.settings)));
}

/** Tab from `from` must reach `to` within `steps` presses: nothing in between keeps focus. */
export async function tabsThrough(from: HTMLElement, to: HTMLElement, steps = 60): Promise<void> {
  from.focus();
  for (let i = 0; i < steps && document.activeElement !== to; i++) await sendKeys({ press: 'Tab' });
  expect(document.activeElement).to.equal(to, 'Tab reached the element after');
}
