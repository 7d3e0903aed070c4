/**
 * What the importers read from a Disqus export or a WordPress WXR file (docs/import.md "Field
 * mapping"), as records in file order: a thread (an article: one conversation container) and its
 * comments. Each comment names its thread and parent by their ids in the source file.
 */
import type { ContentState } from '../../core/api/types.ts';
import { readDisqus } from './disqus.ts';
import { readWxr } from './wxr.ts';
import type { XmlSource } from './xml.ts';

export type SourceFormat = 'disqus' | 'wxr';
export const SOURCE_FORMATS: readonly SourceFormat[] = ['disqus', 'wxr'];

/** Which of a thread's keys becomes the container id: the page's url (vf's default) or the source's own identifier. */
export type ContainerKey = 'url' | 'identifier';

export interface SourceThread {
  id: string;
  /** The conversation's container id on the site (see ContainerKey). */
  containerId: string;
  title: string;
  url: string;
  createdAt: number | null;
  closed: boolean;
}

/** The states an imported comment may have. */
export type ImportedState = Extract<ContentState, 'visible' | 'awaiting_moderation' | 'spam' | 'deleted'>;

export interface SourceComment {
  id: string;
  threadId: string;
  parentId: string | null;
  /** The body as the source has it (HTML); made plain text on the way in (htmlText.ts). */
  html: string;
  createdAt: number | null;
  state: ImportedState;
  /** `email` null: a guest (stored under the site's anonymous account with this name). */
  author: { name: string; email: string | null };
}

export type SourceRecord = { thread: SourceThread } | { comment: SourceComment } | { skipped: string };

export interface ReadOptions extends XmlSource {
  containerKey?: ContainerKey;
}

/** The records of a file of `format`, in file order. */
export function readSource(format: SourceFormat, options: ReadOptions): AsyncGenerator<SourceRecord> {
  return format === 'disqus' ? readDisqus(options) : readWxr(options);
}

/** The container id of a thread: its url, or its identifier when asked and it has one. */
export function containerIdOf(key: ContainerKey | undefined, identifier: string, url: string): string {
  return (key === 'identifier' && identifier.trim()) || url.trim() || identifier.trim();
}
