/**
 * The reader's visitor id (content.md §3 "visitor cookie": `uniqueId`): a random id made on the
 * first visit and kept in localStorage, sent as `X-Unique-Id` where a call needs it
 * (trendingrecommended, reads). It names a browser, not a person; analytics reuses it. Without
 * storage (privacy modes) the id lasts for the page only.
 */
export const VISITOR_ID_KEY = 'vf.unique_id';
/** The request header that carries it (the server reads it lower-cased). */
export const VISITOR_ID_HEADER = 'x-unique-id';
/** What a visitor id may be: the browser keeps only such an id, the server accepts only such. */
export const VISITOR_ID_PATTERN = '^[A-Za-z0-9._-]{1,100}$';
const VALID = new RegExp(VISITOR_ID_PATTERN);

let pageOnly: string | null = null;

/** 32 random hex digits (also analytics' event and request ids). */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function visitorId(): string {
  try {
    const stored = localStorage.getItem(VISITOR_ID_KEY);
    if (stored && VALID.test(stored)) return stored;
    const id = newId();
    localStorage.setItem(VISITOR_ID_KEY, id);
    return id;
  } catch {
    return (pageOnly ??= newId());
  }
}
