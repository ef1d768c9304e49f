import { describe, expect, it } from 'vitest';
import { fillPlaceholders, parseInline, parseMarkdown, slugifyHeading } from './parse-markdown';

describe('parseMarkdown', () => {
  it('reads headings with unique ids, paragraphs and both kinds of list', () => {
    const blocks = parseMarkdown(
      [
        '## Your rights',
        'First line',
        'continues here.',
        '',
        '- one',
        '- **two**',
        '  still two',
        '',
        '3. three',
        '4. four',
        '',
        '## Your rights {#rights}',
        '## Your rights',
      ].join('\n'),
    );
    expect(blocks.map((block) => block.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'heading', 'heading']);
    expect(blocks[0]).toMatchObject({ level: 2, id: 'your-rights', text: 'Your rights' });
    expect(blocks[1]).toEqual({ type: 'paragraph', children: [{ type: 'text', value: 'First line continues here.' }] });
    expect(blocks[2]).toMatchObject({
      ordered: false,
      items: [[{ value: 'one' }], [{ type: 'strong' }, { value: ' still two' }]],
    });
    expect(blocks[3]).toMatchObject({ ordered: true, start: 3 });
    expect(blocks[4]).toMatchObject({ id: 'rights' });
    expect(blocks[5]).toMatchObject({ id: 'your-rights-2' });
  });

  it('reads pipe tables with alignment', () => {
    const [table] = parseMarkdown(
      '| Cookie | Lasts |\n|---|---:|\n| `locale` | 365 days |\n| consent \\| choice | 1 year |',
    );
    expect(table).toMatchObject({
      type: 'table',
      align: [null, 'end'],
      rows: [
        [[{ type: 'code', value: 'locale' }], [{ value: '365 days' }]],
        [[{ value: 'consent | choice' }], [{ value: '1 year' }]],
      ],
    });
  });

  it('reads block quotes and rules', () => {
    expect(parseMarkdown('> **Tip:** ask first\n\n---')).toMatchObject([
      { type: 'blockquote', children: [{ type: 'paragraph' }] },
      { type: 'rule' },
    ]);
  });

  it('keeps HTML as text', () => {
    const blocks = parseMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(blocks).toEqual([
      { type: 'paragraph', children: [{ type: 'text', value: '<script>alert(1)</script>' }] },
      { type: 'paragraph', children: [{ type: 'text', value: '<img src=x onerror=alert(1)>' }] },
    ]);
  });
});

describe('parseInline', () => {
  it('reads bold, italic, code and links, and keeps unclosed markers', () => {
    expect(parseInline('a **b** _c_ `d` [e](/f) *g')).toEqual([
      { type: 'text', value: 'a ' },
      { type: 'strong', children: [{ type: 'text', value: 'b' }] },
      { type: 'text', value: ' ' },
      { type: 'em', children: [{ type: 'text', value: 'c' }] },
      { type: 'text', value: ' ' },
      { type: 'code', value: 'd' },
      { type: 'text', value: ' ' },
      { type: 'link', href: '/f', children: [{ type: 'text', value: 'e' }] },
      { type: 'text', value: ' *g' },
    ]);
  });

  it('does not treat underscores inside words as emphasis', () => {
    expect(parseInline('snake_case_name')).toEqual([{ type: 'text', value: 'snake_case_name' }]);
  });

  it('honours backslash escapes', () => {
    expect(parseInline('\\*not italic\\*')).toEqual([{ type: 'text', value: '*not italic*' }]);
  });
});

describe('helpers', () => {
  it('makes anchor ids in any script', () => {
    expect(slugifyHeading('Your rights (Art. 11)')).toBe('your-rights-art-11');
    expect(slugifyHeading('حقوقك بموجب المادة 11')).toBe('حقوقك-بموجب-المادة-11');
    expect(slugifyHeading('Ваши права')).toBe('ваши-права');
  });

  it('fills known placeholders and leaves unknown ones', () => {
    expect(fillPlaceholders('Write to {{email}} or {{nobody}}', { email: 'a@b.c' })).toBe(
      'Write to a@b.c or {{nobody}}',
    );
  });
});
