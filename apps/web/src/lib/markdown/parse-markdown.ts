import type { Nodes, PhrasingContent, RootContent, TableRow } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';

/**
 * Markdown of the texts kept in the repository (legal documents, blog articles), parsed by
 * micromark (CommonMark and GFM tables, through mdast-util-from-markdown) and then narrowed to
 * the few node kinds Marco renders: headings, paragraphs, lists, block quotes, rules, tables,
 * bold, italic, inline code and links. That narrowing is the sanitising step: the result is a
 * tree, never HTML, and whatever is not on the list becomes plain text, so raw HTML such as
 * `<script>` stays the characters it is; link targets are checked where they are rendered
 * (`classifyHref`). A heading may end in `{#id}` to fix its anchor.
 */

export type Inline =
  | { type: 'text'; value: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; value: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; id: string; text: string; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'blockquote'; children: Block[] }
  | { type: 'rule' }
  | { type: 'table'; header: Inline[][]; align: Array<'start' | 'center' | 'end' | null>; rows: Inline[][][] };

/** Words of a heading as an anchor id, in any script: "Your rights (Art. 11)" → "your-rights-art-11". */
export function slugifyHeading(text: string): string {
  return (
    text
      .normalize('NFKC')
      .toLocaleLowerCase('en')
      .replace(/[^\p{L}\p{M}\p{N}\s-]/gu, '')
      .trim()
      .replace(/[\s-]+/g, '-') || 'section'
  );
}

/** Plain text of inline nodes (for ids, titles and reading time). */
export function inlineText(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text' || node.type === 'code') return node.value;
      return inlineText(node.children);
    })
    .join('');
}

const HEADING_ID = /[ \t]+\{#([\w-]+)\}[ \t]*$/;

const ALIGN = { left: 'start', center: 'center', right: 'end' } as const;

function parseTree(source: string) {
  return fromMarkdown(source, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
}

/** Adjacent text nodes as one, so a tree reads as the text was written. */
function mergeText(nodes: Inline[]): Inline[] {
  const merged: Inline[] = [];
  for (const node of nodes) {
    const last = merged.at(-1);
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else if (node.type !== 'text' || node.value) merged.push(node);
  }
  return merged;
}

/** Source text of any node, for kinds shown as they were written (raw HTML, images). */
function plainText(node: Nodes): string {
  if ('value' in node) return node.value;
  if (node.type === 'image') return node.alt ?? '';
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('');
  return '';
}

function toInline(nodes: PhrasingContent[]): Inline[] {
  return mergeText(
    nodes.flatMap((node): Inline[] => {
      switch (node.type) {
        case 'text':
          // A soft line break inside a paragraph reads as a space.
          return [{ type: 'text', value: node.value.replace(/[ \t]*\n[ \t]*/g, ' ') }];
        case 'strong':
          return [{ type: 'strong', children: toInline(node.children) }];
        case 'emphasis':
          return [{ type: 'em', children: toInline(node.children) }];
        case 'inlineCode':
          return [{ type: 'code', value: node.value }];
        case 'link':
          return [{ type: 'link', href: node.url, children: toInline(node.children) }];
        case 'break':
          return [{ type: 'text', value: ' ' }];
        default:
          return [{ type: 'text', value: plainText(node) }];
      }
    }),
  );
}

/** Inline content of blocks that Marco shows as one line (list items, table cells). */
function flattenInline(nodes: RootContent[]): Inline[] {
  const parts = nodes.map((node): Inline[] => {
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
      return toInline(node.children);
    }
    if (node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote') {
      return flattenInline(node.children);
    }
    return [{ type: 'text', value: plainText(node) }];
  });
  return mergeText(parts.flatMap((part, index) => (index === 0 ? part : [{ type: 'text', value: ' ' }, ...part])));
}

function cellsOf(row: TableRow | undefined, columns: number): Inline[][] {
  return Array.from({ length: columns }, (_, column) => toInline(row?.children[column]?.children ?? []));
}

function toBlocks(nodes: RootContent[], ids: Map<string, number>): Block[] {
  return nodes.flatMap((node): Block[] => {
    switch (node.type) {
      case 'heading': {
        const children = toInline(node.children);
        const last = children.at(-1);
        const fixed = last?.type === 'text' ? HEADING_ID.exec(last.value) : null;
        if (last?.type === 'text' && fixed) last.value = last.value.slice(0, fixed.index);
        const text = inlineText(children).trim();
        const base = fixed?.[1] ?? slugifyHeading(text);
        const seen = ids.get(base) ?? 0;
        ids.set(base, seen + 1);
        const level = node.depth as 1 | 2 | 3 | 4 | 5 | 6;
        return [
          { type: 'heading', level, id: seen ? `${base}-${seen + 1}` : base, text, children: mergeText(children) },
        ];
      }
      case 'paragraph':
        return [{ type: 'paragraph', children: toInline(node.children) }];
      case 'list':
        return [
          {
            type: 'list',
            ordered: Boolean(node.ordered),
            start: node.start ?? 1,
            items: node.children.map((item) => flattenInline(item.children)),
          },
        ];
      case 'blockquote':
        return [{ type: 'blockquote', children: toBlocks(node.children, ids) }];
      case 'thematicBreak':
        return [{ type: 'rule' }];
      case 'table': {
        const [header, ...rows] = node.children;
        const columns = header?.children.length ?? 0;
        return [
          {
            type: 'table',
            header: cellsOf(header, columns),
            align: Array.from({ length: columns }, (_, column) => {
              const align = node.align?.[column];
              return align ? ALIGN[align] : null;
            }),
            rows: rows.map((row) => cellsOf(row, columns)),
          },
        ];
      }
      case 'definition':
        return [];
      default: {
        const value = plainText(node);
        return value ? [{ type: 'paragraph', children: [{ type: 'text', value }] }] : [];
      }
    }
  });
}

/** Inline Markdown → nodes. */
export function parseInline(source: string): Inline[] {
  return flattenInline(parseTree(source).children);
}

/** Markdown text → block tree; heading ids are unique within the text. */
export function parseMarkdown(source: string): Block[] {
  return toBlocks(parseTree(source).children, new Map());
}

/** Replaces `{{name}}` with `values.name`; unknown names stay as they are. */
export function fillPlaceholders(source: string, values: Record<string, string>): string {
  return source.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
