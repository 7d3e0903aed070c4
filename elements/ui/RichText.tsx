/**
 * A live-blog post's rich text (docs/api.md "Rich text"), parsed by core/text/richText.ts and
 * rendered as React elements — never as HTML, so markup in the text stays text. Images are the
 * post's uploads (`media`), with their width and height (no layout shift) and alt text; a link
 * to a video or a social post is a plain link card with its host: no third-party script. Only
 * http(s) addresses are ever linked (the parser keeps to them; safeHref checks again).
 */
import { useMemo, type ReactNode } from 'react';
import { apiAssetUrl } from '../../core/api/assets.ts';
import type { MediaItem } from '../../core/api/types.ts';
import { parseRichText, type Block, type Inline } from '../../core/text/richText.ts';
import { safeHref } from './CommentText.tsx';
import { useT } from './useIntl.ts';

function inlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={i} />;
      case 'bold':
        return <strong key={i}>{inlines(node.children)}</strong>;
      case 'italic':
        return <em key={i}>{inlines(node.children)}</em>;
      case 'link': {
        const href = safeHref(node.href);
        return href ? (
          <a key={i} href={href} rel="nofollow ugc noopener" target="_blank" part="post-link">
            {inlines(node.children)}
          </a>
        ) : (
          <span key={i}>{inlines(node.children)}</span>
        );
      }
    }
  });
}

function Image({ block, media }: { block: Extract<Block, { type: 'image' }>; media: MediaItem[] }) {
  const t = useT();
  const item = media.find((m) => m.media_uuid === block.media_uuid);
  const src = apiAssetUrl(item?.url);
  if (!item || !src) return <p className="vf-rich-text__missing">{t('conversations.liveblog.image.missing', { alt: block.alt })}</p>;
  return (
    <figure className="vf-rich-text__figure">
      <img src={src} width={item.width} height={item.height} alt={block.alt} loading="lazy" decoding="async" part="post-image" />
    </figure>
  );
}

function Card({ block }: { block: Extract<Block, { type: 'card' }> }) {
  const t = useT();
  const href = safeHref(block.href);
  if (!href) return <p>{block.href}</p>;
  return (
    <a className="vf-link-card" href={href} rel="nofollow ugc noopener" target="_blank" part="link-card">
      <span className="vf-link-card__kind">{t(`conversations.liveblog.card.${block.kind}`, { host: block.host })}</span>
      <span className="vf-link-card__href">{href}</span>
    </a>
  );
}

function BlockView({ block, media }: { block: Block; media: MediaItem[] }) {
  switch (block.type) {
    case 'paragraph':
      return <p>{inlines(block.children)}</p>;
    case 'quote':
      return (
        <blockquote>
          <p>{inlines(block.children)}</p>
        </blockquote>
      );
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{inlines(item)}</li>);
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'image':
      return <Image block={block} media={media} />;
    case 'card':
      return <Card block={block} />;
  }
}

export function RichText({ text, media = [] }: { text: string; media?: MediaItem[] }) {
  const blocks = useMemo(() => parseRichText(text), [text]);
  return (
    <div className="vf-rich-text" part="post-text">
      {blocks.map((block, i) => (
        <BlockView key={i} block={block} media={media} />
      ))}
    </div>
  );
}
