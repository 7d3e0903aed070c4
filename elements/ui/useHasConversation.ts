/**
 * Whether the page has the `<vf-conversations>` a pull quote or a conversation starter points at
 * (elements/ui/conversationTarget.ts). The server cannot look: it paints the button (such a
 * widget's page usually has its conversation), hydration starts from that, and the browser's
 * answer follows in the render right after.
 */
import { findConversation } from './conversationTarget.ts';
import { useClientValue } from './useClientValue.ts';

export function useHasConversation(target: string | undefined): boolean {
  return useClientValue(() => !!findConversation(target), true);
}
