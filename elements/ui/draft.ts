/** Local drafts, one per editor (container + parent): a failed post or a reload loses nothing. */
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
