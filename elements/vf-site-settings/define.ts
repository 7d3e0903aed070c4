// Chunk entry for <vf-site-settings>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { siteSettingsElement } from './element.ts';

defineElement('vf-site-settings', siteSettingsElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-site-settings': HTMLElement;
  }
}
