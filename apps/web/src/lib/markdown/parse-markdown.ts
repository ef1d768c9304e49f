/**
 * A deliberately small Markdown reader for the texts kept in the repository (legal
 * documents, blog articles): headings, paragraphs, lists, block quotes, rules, pipe tables,
 * bold, italic, inline code and links. It builds a tree, never HTML, so nothing in a text
 * can become markup: `<script>` stays the eight characters it is.
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

const HEADING = /^(#{1,6})[ \t]+(.*?)(?:[ \t]+\{#([\w-]+)\})?[ \t#]*$/;
const UNORDERED_ITEM = /^[ \t]{0,3}[-*+][ \t]+(.*)$/;
const ORDERED_ITEM = /^[ \t]{0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const RULE = /^[ \t]{0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^[ \t]{0,3}>[ \t]?(.*)$/;
const TABLE_SEPARATOR = /^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+(?:[ \t]*:?-{3,}:?[ \t]*)?\|?[ \t]*$/;
const ESCAPABLE = /[\\`*_{}[\]()#+\-.!|>~<]/;

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

function findClosing(source: string, marker: string, from: number): number {
  let index = from;
  while (index < source.length) {
    const found = source.indexOf(marker, index);
    if (found === -1) return -1;
    if (source[found - 1] !== '\\' && found > from) return found;
    index = found + 1;
  }
  return -1;
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

/** Inline Markdown → nodes. Unclosed markers are kept as text. */
export function parseInline(source: string): Inline[] {
  const nodes: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) nodes.push({ type: 'text', value: text });
    text = '';
  };

  let index = 0;
  while (index < source.length) {
    const char = source[index] ?? '';
    const next = source[index + 1];

    if (char === '\\' && next !== undefined && ESCAPABLE.test(next)) {
      text += next;
      index += 2;
      continue;
    }

    if (char === '`') {
      const end = source.indexOf('`', index + 1);
      if (end > index + 1) {
        flush();
        nodes.push({ type: 'code', value: source.slice(index + 1, end) });
        index = end + 1;
        continue;
      }
    }

    if ((char === '*' && next === '*') || (char === '_' && next === '_' && !isWordChar(source[index - 1]))) {
      const marker = char + char;
      const end = findClosing(source, marker, index + 2);
      if (end > index + 2) {
        flush();
        nodes.push({ type: 'strong', children: parseInline(source.slice(index + 2, end)) });
        index = end + 2;
        continue;
      }
    }

    if ((char === '*' || (char === '_' && !isWordChar(source[index - 1]))) && next !== undefined && next !== ' ') {
      const end = findClosing(source, char, index + 1);
      const after = source[end + 1];
      if (end > index + 1 && source[end - 1] !== ' ' && !(char === '_' && isWordChar(after))) {
        flush();
        nodes.push({ type: 'em', children: parseInline(source.slice(index + 1, end)) });
        index = end + 1;
        continue;
      }
    }

    if (char === '[') {
      const close = findClosing(source, '](', index + 1);
      if (close !== -1) {
        const hrefEnd = source.indexOf(')', close + 2);
        if (hrefEnd !== -1) {
          const label = source.slice(index + 1, close);
          const href = source.slice(close + 2, hrefEnd).trim();
          flush();
          nodes.push({
            type: 'link',
            href,
            children: parseInline(label).map((node) =>
              node.type === 'link' ? { type: 'text', value: inlineText([node]) } : node,
            ),
          });
          index = hrefEnd + 1;
          continue;
        }
      }
    }

    text += char;
    index += 1;
  }
  flush();
  return nodes;
}

function splitTableRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  const cells: string[] = [];
  let current = '';
  for (let index = 0; index < row.length; index++) {
    const char = row[index];
    if (char === '\\' && row[index + 1] === '|') {
      current += '|';
      index++;
    } else if (char === '|') {
      cells.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  cells.push(current.trim());
  return cells;
}

function alignOf(cell: string): 'start' | 'center' | 'end' | null {
  const left = cell.startsWith(':');
  const right = cell.endsWith(':');
  if (left && right) return 'center';
  if (right) return 'end';
  if (left) return 'start';
  return null;
}

function startsBlock(line: string, nextLine: string | undefined): boolean {
  return (
    HEADING.test(line) ||
    RULE.test(line) ||
    QUOTE.test(line) ||
    UNORDERED_ITEM.test(line) ||
    ORDERED_ITEM.test(line) ||
    (line.includes('|') && nextLine !== undefined && TABLE_SEPARATOR.test(nextLine))
  );
}

function parseBlocks(lines: string[], ids: Map<string, number>): Block[] {
  const blocks: Block[] = [];
  let index = 0;

  const uniqueId = (base: string) => {
    const seen = ids.get(base) ?? 0;
    ids.set(base, seen + 1);
    return seen === 0 ? base : `${base}-${seen + 1}`;
  };

  while (index < lines.length) {
    const line = lines[index] ?? '';
    const nextLine = lines[index + 1];

    if (line.trim() === '') {
      index++;
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      const children = parseInline(heading[2] ?? '');
      const text = inlineText(children);
      const level = (heading[1]?.length ?? 1) as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, text, children, id: uniqueId(heading[3] ?? slugifyHeading(text)) });
      index++;
      continue;
    }

    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      index++;
      continue;
    }

    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (index < lines.length) {
        const match = QUOTE.exec(lines[index] ?? '');
        if (!match) break;
        quoted.push(match[1] ?? '');
        index++;
      }
      blocks.push({ type: 'blockquote', children: parseBlocks(quoted, ids) });
      continue;
    }

    if (line.includes('|') && nextLine !== undefined && TABLE_SEPARATOR.test(nextLine)) {
      const header = splitTableRow(line);
      const align = splitTableRow(nextLine).map(alignOf);
      index += 2;
      const rows: Inline[][][] = [];
      while (index < lines.length && (lines[index] ?? '').includes('|') && (lines[index] ?? '').trim() !== '') {
        const cells = splitTableRow(lines[index] ?? '');
        rows.push(header.map((_, column) => parseInline(cells[column] ?? '')));
        index++;
      }
      blocks.push({ type: 'table', header: header.map(parseInline), align, rows });
      continue;
    }

    const unordered = UNORDERED_ITEM.exec(line);
    const ordered = ORDERED_ITEM.exec(line);
    if (unordered || ordered) {
      const isOrdered = Boolean(ordered);
      const itemPattern = isOrdered ? ORDERED_ITEM : UNORDERED_ITEM;
      const items: string[] = [];
      while (index < lines.length) {
        const current = lines[index] ?? '';
        const item = itemPattern.exec(current);
        if (item) {
          items.push((isOrdered ? item[2] : item[1]) ?? '');
          index++;
        } else if (current.trim() !== '' && /^[ \t]+\S/.test(current) && items.length > 0) {
          // An indented line continues the item above it.
          items[items.length - 1] += ` ${current.trim()}`;
          index++;
        } else if (current.trim() === '' && itemPattern.test(lines[index + 1] ?? '')) {
          index++; // a loose list: blank lines between items
        } else {
          break;
        }
      }
      blocks.push({
        type: 'list',
        ordered: isOrdered,
        start: isOrdered ? Number(ordered?.[1] ?? 1) : 1,
        items: items.map((item) => parseInline(item.trim())),
      });
      continue;
    }

    const paragraph: string[] = [line.trim()];
    index++;
    while (index < lines.length) {
      const current = lines[index] ?? '';
      if (current.trim() === '' || startsBlock(current, lines[index + 1])) break;
      paragraph.push(current.trim());
      index++;
    }
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}

/** Markdown text → block tree; heading ids are unique within the text. */
export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, '\n').split('\n'), new Map());
}

/** Replaces `{{name}}` with `values.name`; unknown names stay as they are. */
export function fillPlaceholders(source: string, values: Record<string, string>): string {
  return source.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
