/**
 * A Disqus export (docs/import.md "Disqus"): `<disqus>` holding `<category>`s, `<thread
 * dsq:id>`s (an article: `<id>` its identifier, `<link>`, `<title>`, `<createdAt>`, `<isClosed>`)
 * and `<post dsq:id>`s (`<message>` HTML, `<createdAt>`, `<isDeleted>`, `<isSpam>`,
 * `<isApproved>`, `<author>` with `<name>`/`<email>`, `<thread dsq:id>`, `<parent dsq:id>`).
 * Posts may come before the posts they answer.
 */
import { containerIdOf, type ImportedState, type ReadOptions, type SourceRecord } from './sources.ts';
import { isTrue, parseTime, readXml } from './xml.ts';

interface Held {
  type: 'thread' | 'post';
  id: string;
  fields: Map<string, string>;
}

function stateOf(fields: Map<string, string>): ImportedState {
  if (isTrue(fields.get('isDeleted'))) return 'deleted';
  if (isTrue(fields.get('isSpam'))) return 'spam';
  if (fields.get('isApproved')?.trim().toLowerCase() === 'false') return 'awaiting_moderation';
  return 'visible';
}

export function readDisqus(options: ReadOptions): AsyncGenerator<SourceRecord> {
  return readXml<SourceRecord>(options, 'Disqus', (emit) => {
    let held: Held | null = null;
    return {
      root: 'disqus',
      open(path, attributes) {
        const id = attributes['dsq:id'] ?? '';
        if (path.length === 1 && (path[0] === 'thread' || path[0] === 'post')) held = { type: path[0], id, fields: new Map() };
        // A post's thread and parent are empty elements carrying the other record's dsq:id.
        else if (held?.type === 'post' && path.length === 2 && (path[1] === 'thread' || path[1] === 'parent')) held.fields.set(`${path[1]}@`, id);
      },
      close(path, text) {
        if (!held) return;
        if (path.length > 1) {
          held.fields.set(path.slice(1).join('/'), text);
          return;
        }
        const { type, id, fields } = held;
        held = null;
        if (!id) return emit({ skipped: `a <${type}> without dsq:id` });
        if (type === 'thread') {
          const url = fields.get('link') ?? '';
          const containerId = containerIdOf(options.containerKey, fields.get('id') ?? '', url);
          if (!containerId) return emit({ skipped: `thread ${id} has neither a link nor an identifier` });
          return emit({
            thread: { id, containerId, url: url.trim(), title: (fields.get('title') ?? '').trim(), createdAt: parseTime(fields.get('createdAt')), closed: isTrue(fields.get('isClosed')) },
          });
        }
        const threadId = fields.get('thread@');
        if (!threadId) return emit({ skipped: `post ${id} names no thread` });
        const email = fields.get('author/email')?.trim() || null;
        emit({
          comment: {
            id,
            threadId,
            parentId: fields.get('parent@') || null,
            html: fields.get('message') ?? '',
            createdAt: parseTime(fields.get('createdAt')),
            state: stateOf(fields),
            author: { name: fields.get('author/name') || fields.get('author/username') || '', email },
          },
        });
      },
    };
  });
}
