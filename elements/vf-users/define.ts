// Chunk entry for <vf-users>: the only side effect is the registration.
import type { ComponentProps } from 'react';
import type { Users } from '../community/CommunityViews.tsx';
import { defineElement } from '../ui/defineElement.ts';
import { usersElement } from './element.ts';

defineElement('vf-users', usersElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-users': HTMLElement & ComponentProps<typeof Users>;
  }
}
