/**
 * The composer toolbar's edits of a post's text (docs/api.md "Rich text"): pure functions of the
 * text and the selection [start, end) that return the new text and what to select after, so the
 * editor can keep typing where it makes sense.
 */

export interface TextEdit {
  text: string;
  select: [number, number];
}

/** `**bold**` or `*italic*` around the selection; with nothing selected, around `placeholder` (selected). */
export function wrapSelection(text: string, start: number, end: number, mark: string, placeholder: string): TextEdit {
  const inner = text.slice(start, end) || placeholder;
  const next = `${text.slice(0, start)}${mark}${inner}${mark}${text.slice(end)}`;
  const from = start + mark.length;
  return { text: next, select: [from, from + inner.length] };
}

/** `[selection](https://)` with the address selected for typing over. */
export function linkSelection(text: string, start: number, end: number, placeholder: string): TextEdit {
  const label = text.slice(start, end) || placeholder;
  const address = 'https://';
  const next = `${text.slice(0, start)}[${label}](${address})${text.slice(end)}`;
  const from = start + label.length + 3;
  return { text: next, select: [from, from + address.length] };
}

/** The start of the line `at` is on. */
function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** Starts every line the selection touches with `prefix` (`- ` list, `> ` quote). */
export function prefixLines(text: string, start: number, end: number, prefix: string): TextEdit {
  const from = lineStart(text, start);
  const lines = text.slice(from, end).split('\n');
  const changed = lines.map((line) => (line.startsWith(prefix) ? line : `${prefix}${line}`)).join('\n');
  const next = `${text.slice(0, from)}${changed}${text.slice(end)}`;
  const after = from + changed.length;
  return { text: next, select: [after, after] };
}

/** `line` on a line of its own at the cursor (an image must stand alone on its line). */
export function insertLine(text: string, at: number, line: string): TextEdit {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after === '' || after.startsWith('\n') ? '' : '\n';
  const next = `${before}${lead}${line}${trail}${after}`;
  const cursor = before.length + lead.length + line.length;
  return { text: next, select: [cursor, cursor] };
}

/** An image line for an uploaded file: `![alt](media:uuid)`, the alt text kept to one line without brackets. */
export function imageLine(alt: string, mediaUuid: string): string {
  const clean = alt.replace(/[\]\[\n\r]+/g, ' ').replace(/\s+/g, ' ').trim();
  return `![${clean}](media:${mediaUuid})`;
}
