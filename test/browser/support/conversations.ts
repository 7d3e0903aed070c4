/** Mounts a `<vf-conversations>` for a container in a fresh fixture, with extra attributes and light-DOM children. */
import { fixture, html } from '@open-wc/testing';

export async function mountConversations(containerId: string, attrs = '', children = ''): Promise<HTMLElement> {
  const host = await fixture<HTMLElement>(html`<div></div>`);
  host.innerHTML = `<vf-conversations vf-container-id="${containerId}" ${attrs}>${children}</vf-conversations>`;
  return host.firstElementChild as HTMLElement;
}
