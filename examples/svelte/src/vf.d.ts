// The elements' types in markup: attributes, their types, and `on<event>` handlers.
import type {} from 'vf-client/svelte';
