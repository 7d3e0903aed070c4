/** A document-like object for readPageIdentity: only meta/link tags, title and <html lang>. */
import type { PageDocument } from '../../../core/page/identity.ts';

type Attrs = Record<string, string>;

export function fakeDocument(opts: { meta?: Attrs[]; links?: Attrs[]; title?: string; lang?: string }): PageDocument {
  const element = (attrs: Attrs) => ({ getAttribute: (name: string) => attrs[name] ?? null });
  return {
    querySelectorAll(selector: string) {
      if (selector === 'meta') return (opts.meta ?? []).map(element);
      if (selector === 'link') return (opts.links ?? []).map(element);
      return [];
    },
    title: opts.title ?? '',
    documentElement: { lang: opts.lang ?? '' },
  };
}

export const meta = (key: string, content: string, attr: 'name' | 'property' = 'property'): Attrs => ({
  [attr]: key,
  content,
});
