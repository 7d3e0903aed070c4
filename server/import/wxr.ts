/**
 * A WordPress export, WXR (docs/import.md "WordPress"): `<rss><channel>` holding `<item>`s (a
 * post or page: `<title>`, `<link>`, `<wp:post_id>`, `<wp:post_date_gmt>`, `<wp:comment_status>`)
 * each with its `<wp:comment>`s (`wp:comment_id`, `wp:comment_author`, `wp:comment_author_email`,
 * `wp:comment_date_gmt`, `wp:comment_content`, `wp:comment_approved` 1/0/spam/trash,
 * `wp:comment_type`, `wp:comment_parent`: 0 for none). WordPress writes an item's link and id
 * before its comments; comments met before them wait in memory until the item closes.
 */
import type { SourceComment } from './sources.ts';
import { containerIdOf, type ImportedState, type ReadOptions, type SourceRecord } from './sources.ts';
import { parseTime, readXml } from './xml.ts';

const STATES: Record<string, ImportedState> = { '1': 'visible', approve: 'visible', '0': 'awaiting_moderation', hold: 'awaiting_moderation', spam: 'spam', trash: 'deleted', 'post-trashed': 'deleted' };
/** Not readers' comments: notices other sites sent. */
const NOT_COMMENTS = new Set(['pingback', 'trackback']);

interface Item {
  fields: Map<string, string>;
  /** Emitted as a thread already (its comments follow it straight away). */
  emitted: boolean;
  /** Comments read before the item's id and link. */
  waiting: SourceComment[];
}

export function readWxr(options: ReadOptions): AsyncGenerator<SourceRecord> {
  return readXml<SourceRecord>(options, 'WordPress WXR', (emit) => {
    let item: Item | null = null;
    let comment: Map<string, string> | null = null;

    /** Emits the item as a thread once it has an id and an address; false while it has not. */
    const threadReady = (current: Item): boolean => {
      if (current.emitted) return true;
      const id = current.fields.get('wp:post_id')?.trim() ?? '';
      const url = current.fields.get('link')?.trim() || current.fields.get('guid')?.trim() || '';
      if (!id || !url) return false;
      current.emitted = true;
      const closed = current.fields.get('wp:comment_status')?.trim() === 'closed';
      const createdAt = parseTime(current.fields.get('wp:post_date_gmt')) ?? parseTime(current.fields.get('wp:post_date'));
      emit({ thread: { id, containerId: containerIdOf(options.containerKey, id, url), url, title: (current.fields.get('title') ?? '').trim(), createdAt, closed } });
      return true;
    };

    const commentOf = (current: Item, fields: Map<string, string>): SourceComment | string => {
      const id = fields.get('wp:comment_id')?.trim() ?? '';
      const type = fields.get('wp:comment_type')?.trim() ?? '';
      if (!id) return 'a comment without wp:comment_id';
      if (NOT_COMMENTS.has(type)) return `comment ${id} is a ${type}`;
      const parent = fields.get('wp:comment_parent')?.trim() ?? '0';
      const approved = fields.get('wp:comment_approved')?.trim() ?? '1';
      return {
        id,
        threadId: current.fields.get('wp:post_id')?.trim() ?? '',
        parentId: parent && parent !== '0' ? parent : null,
        html: fields.get('wp:comment_content') ?? '',
        createdAt: parseTime(fields.get('wp:comment_date_gmt')) ?? parseTime(fields.get('wp:comment_date')),
        state: STATES[approved] ?? 'awaiting_moderation',
        author: { name: fields.get('wp:comment_author') ?? '', email: fields.get('wp:comment_author_email')?.trim() || null },
      };
    };

    return {
      root: 'rss',
      open(path) {
        if (path.length === 2 && path[1] === 'item') item = { fields: new Map(), emitted: false, waiting: [] };
        else if (item && path.length === 3 && path[2] === 'wp:comment') comment = new Map();
      },
      close(path, text) {
        if (!item) return;
        if (comment && path.length === 4) comment.set(path[3]!, text);
        else if (path.length === 3 && path[2] === 'wp:comment' && comment) {
          const read = commentOf(item, comment);
          comment = null;
          if (typeof read === 'string') emit({ skipped: read });
          else if (threadReady(item)) emit({ comment: { ...read, threadId: item.fields.get('wp:post_id')!.trim() } });
          else item.waiting.push(read);
        } else if (path.length === 3 && !comment) item.fields.set(path[2]!, text);
        else if (path.length === 2) {
          const done = item;
          item = null;
          if (done.waiting.length === 0) return;
          if (!threadReady(done)) return emit({ skipped: `${done.waiting.length} comments of an item without wp:post_id or link` });
          for (const waiting of done.waiting) emit({ comment: { ...waiting, threadId: done.fields.get('wp:post_id')!.trim() } });
        }
      },
    };
  });
}
