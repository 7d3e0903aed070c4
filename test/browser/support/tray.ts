/**
 * The tray tests' language check: the page's `<vf-tray>` again, in `language` (undefined: the
 * page's own), open on `view` once `ready` is in its shadow root — a root reads its language when it
 * mounts, so a new language needs a new element.
 */
import type { TrayView } from '../../../core/mount/tray.ts';
import { trayActions } from '../../../core/mount/tray.ts';
import { waitFor } from './dom.ts';

type WithConfig = { vfConfig: Record<string, unknown> };

export async function trayIn(language: string | undefined, view: TrayView, ready: string): Promise<Element> {
  trayActions.close();
  const config = (window as unknown as WithConfig).vfConfig;
  if (language) config.language = language;
  else delete config.language;
  document.querySelector('vf-tray')?.remove();
  const fresh = document.createElement('vf-tray');
  document.body.append(fresh);
  trayActions.open(view);
  await waitFor(() => fresh.shadowRoot?.querySelector(ready), `the tray open on ${view}`);
  return fresh;
}
