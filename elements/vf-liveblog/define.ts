// Chunk entry for <vf-liveblog>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { liveblogElement } from './element.ts';
import type { LiveblogProps } from './Liveblog.tsx';

defineElement('vf-liveblog', liveblogElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-liveblog': HTMLElement & LiveblogProps;
  }
}
