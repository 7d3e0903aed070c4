/**
 * The queue's legal tabs (docs/law.md): "Notices" of illegal content and "Appeals", after the
 * content queues, and their keys. A legal decision cannot be undone, so a key never decides: it
 * opens the decision's form on the focused item (j/k move, ? lists them, as in the other tabs).
 */
import { QUEUES, type QueueName } from '../../../core/moderation/types.ts';
import { isTyping } from '../keys.ts';

export const LEGAL_QUEUES = ['notices', 'appeals'] as const;
export type LegalQueue = (typeof LEGAL_QUEUES)[number];
/** Every tab, in the order the element shows them. */
export type TabName = QueueName | LegalQueue;
export const TABS: readonly TabName[] = [...QUEUES, ...LEGAL_QUEUES];

export const isLegalQueue = (tab: string): tab is LegalQueue => (LEGAL_QUEUES as readonly string[]).includes(tab);

const K = 'page_settings.moderationQueue';

/** The decisions a key opens, per tab. */
export const NOTICE_ACTIONS = { i: 'illegal', n: 'not_illegal' } as const;
export const APPEAL_ACTIONS = { u: 'uphold', r: 'reverse' } as const;

/** What the keys dialog lists for a legal tab: the key and its message. */
export const LEGAL_KEYS: Record<LegalQueue, ReadonlyArray<readonly [string, string]>> = {
  notices: [['j', `${K}.keys.next`], ['k', `${K}.keys.previous`], ['i', `${K}.notices.keys.illegal`], ['n', `${K}.notices.keys.not_illegal`], ['?', `${K}.keys.help`]],
  appeals: [['j', `${K}.keys.next`], ['k', `${K}.keys.previous`], ['u', `${K}.appeals.keys.uphold`], ['r', `${K}.appeals.keys.reverse`], ['?', `${K}.keys.help`]],
};

export type LegalKey<A extends string> = { move: 1 | -1 } | { help: true } | { open: A };

/** The action a key press asks for in a legal list, or null (typing, a modifier, another key). */
export function legalKey<A extends string>(
  event: { key: string; target: EventTarget | null; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  actions: Readonly<Record<string, A>>,
): LegalKey<A> | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return null;
  if (event.key === 'j') return { move: 1 };
  if (event.key === 'k') return { move: -1 };
  if (event.key === '?') return { help: true };
  const open = actions[event.key];
  return open ? { open } : null;
}
