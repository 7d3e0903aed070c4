/**
 * A post's rich text (core/text/richText.ts) as plain text, for where markup has no place (the
 * live blog's schema.org `articleBody`): the words as a reader sees them, a block a paragraph,
 * a list item a line, an image its alt text, a card its address.
 */
import { parseRichText, type Block, type Inline } from '../../core/text/richText.ts';

function inlineText(children: Inline[]): string {
  return children.map((child) => (child.type === 'text' ? child.text : child.type === 'break' ? '\n' : inlineText(child.children))).join('');
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'paragraph':
    case 'quote':
      return inlineText(block.children);
    case 'list':
      return block.items.map(inlineText).join('\n');
    case 'image':
      return block.alt;
    case 'card':
      return block.href;
  }
}

export function plainText(richText: string): string {
  return parseRichText(richText).map(blockText).filter(Boolean).join('\n\n');
}
