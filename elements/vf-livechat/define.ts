// Chunk entry for <vf-livechat>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { livechatElement } from './element.ts';
import type { LivechatProps } from './Livechat.tsx';

defineElement('vf-livechat', livechatElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-livechat': HTMLElement & LivechatProps;
  }
}
