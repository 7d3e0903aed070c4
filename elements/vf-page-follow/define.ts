// Chunk entry for <vf-page-follow>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { pageFollowElement } from './element.ts';
import type { PageFollowProps } from './PageFollow.tsx';

defineElement('vf-page-follow', pageFollowElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-page-follow': HTMLElement & PageFollowProps;
  }
}
