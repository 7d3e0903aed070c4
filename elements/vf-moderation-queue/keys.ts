/**
 * The queue's keys (docs/moderation.md "The element"): j/k move, a/r/s decide on the focused
 * item, x selects it, z undoes, ? lists them. Only while focus is in the list, and never while
 * typing in a field or with a modifier held.
 */
import type { Decision } from '../../core/moderation/types.ts';

export type QueueKey = { move: 1 | -1 } | { decide: Decision } | { select: true } | { undo: true } | { help: true };

export const KEYS: ReadonlyArray<[key: string, name: string]> = [
  ['j', 'next'], ['k', 'previous'], ['a', 'approve'], ['r', 'reject'], ['s', 'spam'], ['x', 'select'], ['z', 'undo'], ['?', 'help'],
];

const ACTIONS: Record<string, QueueKey> = {
  j: { move: 1 }, k: { move: -1 }, a: { decide: 'approve' }, r: { decide: 'reject' }, s: { decide: 'spam' },
  x: { select: true }, z: { undo: true }, '?': { help: true },
};

/** A field where letters are text: the keys stay out of its way. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (el.isContentEditable) return true;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  return el.tagName === 'INPUT' && !['checkbox', 'radio', 'button'].includes((el as HTMLInputElement).type);
}

/** The queue action a key press asks for, or null. */
export function queueKey(event: { key: string; target: EventTarget | null; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): QueueKey | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return null;
  return ACTIONS[event.key] ?? null;
}
