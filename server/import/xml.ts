/**
 * Streaming XML for the importers (docs/import.md): the file is read chunk by chunk into saxes,
 * and the records a chunk completes are yielded before the next chunk is read, so memory holds
 * one chunk and the record being read, whatever the file's size. The consumer's awaits (the
 * database writes) pace the reading.
 */
import { SaxesParser } from 'saxes';

/** The file is not what was asked for, or not well-formed XML: the message says where (line:column). */
export class ImportFormatError extends Error {}

/** The most text one element keeps (a comment's body is far shorter; a runaway element is cut). */
const MAX_TEXT = 1 << 20;

/** What a format reads from the element events; `emit` hands a finished record on. */
export interface XmlReader<T> {
  /** The root element the format's files have (`disqus`, `rss`). */
  root: string;
  /** `path` is the element's ancestors from the root's child down, then the element itself (read it there: it changes). */
  open(path: readonly string[], attributes: Record<string, string>): void;
  close(path: readonly string[], text: string): void;
  /** After the last element: hand on what is still held. */
  end?(): void;
}

export interface XmlSource {
  /** The file's bytes (a file stream, or a generator in tests and benches). */
  input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>;
  /** Called after each chunk with the bytes read so far. */
  onBytes?: (bytes: number) => void;
}

/** Reads `source` with the reader `make` builds around an `emit`; yields the records in file order. */
export async function* readXml<T>(source: XmlSource, format: string, make: (emit: (record: T) => void) => XmlReader<T>): AsyncGenerator<T> {
  const ready: T[] = [];
  const reader = make((record) => ready.push(record));
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const path: string[] = [];
  let text = '';
  const addText = (chunk: string) => {
    if (text.length < MAX_TEXT) text += chunk;
  };
  let inRoot = false;
  parser.on('opentag', (tag) => {
    text = '';
    if (inRoot) {
      path.push(tag.name);
      reader.open(path, tag.attributes as Record<string, string>);
    } else if (tag.name === reader.root) inRoot = true;
    else parser.fail(`the root element is <${tag.name}>, not <${reader.root}>: is this the right format?`);
  });
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    if (path.length > 0) reader.close(path, text);
    path.pop();
    text = '';
  });
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  const step = (write: () => void) => {
    try {
      write();
    } catch (error) {
      const message = (error as Error).message;
      const at = /^(\d+):(\d+): ([^]*)$/.exec(message);
      throw new ImportFormatError(at ? `Not a well-formed ${format} file: line ${at[1]}, column ${at[2]}: ${at[3]}` : `Not a well-formed ${format} file: ${message}`);
    }
  };
  for await (const chunk of source.input) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    step(() => parser.write(decoder.decode(buffer, { stream: true })));
    source.onBytes?.(bytes);
    yield* ready.splice(0);
  }
  if (bytes === 0) throw new ImportFormatError(`The ${format} file is empty`);
  step(() => parser.write(decoder.decode()).close());
  reader.end?.();
  yield* ready.splice(0);
}

/** `true`/`false` as the exports write them. */
export const isTrue = (value: string | undefined): boolean => value?.trim().toLowerCase() === 'true';

/** A time as milliseconds, or null when the text is not one. */
export function parseTime(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  if (!text || text.startsWith('0000-00-00')) return null;
  // WordPress writes `2019-03-05 14:33:26` (UTC for *_gmt); Disqus ISO 8601 with a zone.
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const time = Date.parse(iso);
  return Number.isFinite(time) ? time : null;
}
