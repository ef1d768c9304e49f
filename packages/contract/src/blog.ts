/**
 * Blog articles are Markdown files with front matter, kept in the repository under
 * `apps/web/src/content/blog/<locale>/<slug>.md`. The web app renders them; the server
 * builds the RSS feed from the same files. Both parse them with `parseArticle`.
 * Deliberately free of zod, so the web's blog chunk stays small.
 */

export interface ArticleFrontMatter {
  title: string;
  /** ISO date, yyyy-mm-dd. */
  date: string;
  /** Site-absolute path of the cover image, e.g. `/blog/covers/istanbul.svg`. */
  cover: string;
  summary: string;
  tags: string[];
}

export interface ParsedArticle {
  frontMatter: ArticleFrontMatter;
  /** The Markdown after the front matter. */
  body: string;
}

export class FrontMatterError extends Error {
  override readonly name = 'FrontMatterError';
}

/** A slug is the file name: lower-case words joined by hyphens. */
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `"text"` (JSON escapes), `'text'` ('' for a quote) or bare text. */
function parseScalar(raw: string): string {
  const value = raw.trim();
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
    try {
      return JSON.parse(value) as string;
    } catch {
      throw new FrontMatterError(`Malformed quoted value: ${value}`);
    }
  }
  if (value.startsWith("'") && value.endsWith("'") && value.length >= 2) {
    return value.slice(1, -1).replaceAll("''", "'");
  }
  return value;
}

/** `[a, "b c", d]` → ['a', 'b c', 'd']. */
function parseList(raw: string): string[] {
  const inner = raw.trim().slice(1, -1).trim();
  if (inner === '') return [];
  const items: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const char of inner) {
    if (quote) {
      current += char;
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
      current += char;
    } else if (char === ',') {
      items.push(parseScalar(current));
      current = '';
    } else {
      current += char;
    }
  }
  items.push(parseScalar(current));
  return items.filter((item) => item !== '');
}

/**
 * Reads the small YAML subset the articles use: one `key: value` per line, values bare or
 * quoted, lists in brackets, `#` comment lines. Anything else is an error, so a typo in an
 * article fails the build and the tests instead of showing a broken page.
 */
export function parseFrontMatterBlock(block: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [index, line] of block.split(/\r?\n/).entries()) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const match = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!match) throw new FrontMatterError(`Line ${index + 1} of the front matter is not "key: value": ${line}`);
    const [, key = '', value = ''] = match;
    fields[key] = value.trim().startsWith('[') && value.trim().endsWith(']') ? parseList(value) : parseScalar(value);
  }
  return fields;
}

function requireText(fields: Record<string, string | string[]>, key: keyof ArticleFrontMatter): string {
  const value = fields[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new FrontMatterError(`The front matter needs a "${key}"`);
  }
  return value.trim();
}

/** Splits an article into its validated front matter and its Markdown body. */
export function parseArticle(source: string): ParsedArticle {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new FrontMatterError('The article does not start with a --- front matter block');
  const fields = parseFrontMatterBlock(match[1] ?? '');
  const date = requireText(fields, 'date');
  if (!ISO_DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new FrontMatterError(`"date" must be yyyy-mm-dd, not ${date}`);
  }
  const cover = requireText(fields, 'cover');
  if (!cover.startsWith('/') || cover.startsWith('//')) {
    throw new FrontMatterError(`"cover" must be a site path starting with /, not ${cover}`);
  }
  const tags = fields.tags ?? [];
  return {
    frontMatter: {
      title: requireText(fields, 'title'),
      date,
      cover,
      summary: requireText(fields, 'summary'),
      tags: Array.isArray(tags) ? tags : [tags],
    },
    body: source.slice(match[0].length).replace(/^\s+/, ''),
  };
}

/** Words of a text, for reading time: Markdown marks are not words. */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#*_>`[\]-]/g, ' ')
    .trim();
  return text === '' ? 0 : text.split(/\s+/u).length;
}

/** Minutes to read at 220 words a minute, at least one. */
export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.round(countWords(markdown) / 220));
}
