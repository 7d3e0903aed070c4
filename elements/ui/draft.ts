/** Local drafts, one per editor (container + parent): a failed post or a reload loses nothing. */
import { useState } from 'react';
import { useClientValue } from './useClientValue.ts';

const PREFIX = 'vf:draft:';

export function readDraft(key: string): string {
  try {
    return globalThis.localStorage?.getItem(PREFIX + key) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(key: string, text: string): void {
  try {
    if (text) globalThis.localStorage?.setItem(PREFIX + key, text);
    else globalThis.localStorage?.removeItem(PREFIX + key);
  } catch {
    // storage full or disabled: the draft lives only in memory
  }
}

/**
 * An editor's text, restored from its draft, and `change`, which keeps what is typed as the
 * draft. The draft shows from the browser's first render, except while hydrating server-painted
 * markup: the server painted an empty box, and a hydrating render that differs from it leaves the
 * server's attributes as they were (a Post button disabled for good). It shows in the render
 * right after.
 */
export function useDraft(key: string): [text: string, change: (text: string) => void] {
  const stored = useClientValue(() => readDraft(key), '');
  const [typed, setTyped] = useState<string | null>(null);
  const change = (text: string) => {
    setTyped(text);
    writeDraft(key, text);
  };
  return [typed ?? stored, change];
}
