/** What kinds/conversation offers the other features (docs/architecture.md): import these from here, not from its files. */
export { visibleUser } from './activity.ts';
export { conversationPolicy } from './policy.ts';
