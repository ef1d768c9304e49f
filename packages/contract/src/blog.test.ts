import { describe, expect, it } from 'vitest';
import { FrontMatterError, parseArticle, parseFrontMatterBlock, readingMinutes } from './blog.js';

const article = `---
title: "Choosing a guide in Istanbul: what to ask"
date: 2026-09-14
cover: /blog/covers/istanbul.svg
summary: 'Five questions that tell a good guide from a great one — it''s worth it.'
tags: [istanbul, "tips, practical", guides]
---

## First heading

Body text.
`;

describe('parseArticle', () => {
  it('reads quoted, bare and list values and keeps the body', () => {
    const { frontMatter, body } = parseArticle(article);
    expect(frontMatter).toEqual({
      title: 'Choosing a guide in Istanbul: what to ask',
      date: '2026-09-14',
      cover: '/blog/covers/istanbul.svg',
      summary: "Five questions that tell a good guide from a great one — it's worth it.",
      tags: ['istanbul', 'tips, practical', 'guides'],
    });
    expect(body).toBe('## First heading\n\nBody text.\n');
  });

  it('accepts Windows line ends and a byte-order mark', () => {
    const { frontMatter } = parseArticle(`\uFEFF${article.replaceAll('\n', '\r\n')}`);
    expect(frontMatter.title).toBe('Choosing a guide in Istanbul: what to ask');
  });

  it('refuses an article without front matter', () => {
    expect(() => parseArticle('# Just Markdown')).toThrow(FrontMatterError);
  });

  it('names a missing field', () => {
    expect(() => parseArticle(article.replace(/^summary:.*$/m, ''))).toThrow('"summary"');
  });

  it('refuses a malformed date and a cover from another site', () => {
    expect(() => parseArticle(article.replace('2026-09-14', '14.09.2026'))).toThrow('"date"');
    expect(() => parseArticle(article.replace('/blog/covers/istanbul.svg', '//evil.example/x.svg'))).toThrow('"cover"');
  });

  it('refuses lines that are not key: value', () => {
    expect(() => parseFrontMatterBlock('title: ok\n  - nested')).toThrow(FrontMatterError);
  });
});

describe('readingMinutes', () => {
  it('counts words at 220 a minute, at least one', () => {
    expect(readingMinutes('one two')).toBe(1);
    expect(readingMinutes(Array.from({ length: 660 }, () => 'word').join(' '))).toBe(3);
  });
});
