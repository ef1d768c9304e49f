import { LOCALES } from '@marco/contract/locales';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '@/lib/markdown/parse-markdown';
import { LEGAL_DOCUMENTS } from '../legal-versions';
import { getLegalDocument } from './get-legal-document';

describe('legal documents', () => {
  it.each(LOCALES)('exist in %s for every document, filled in and well formed', async (locale) => {
    for (const document of LEGAL_DOCUMENTS) {
      const text = await getLegalDocument(document, locale);
      expect(text.length, `${document}/${locale}`).toBeGreaterThan(1200);
      expect(text, `${document}/${locale}: a placeholder is not filled in`).not.toMatch(/\{\{/);
      const headings = parseMarkdown(text).filter((block) => block.type === 'heading');
      expect(headings.length, `${document}/${locale}`).toBeGreaterThanOrEqual(4);
      // Documents start under the page's own title: no first-level headings.
      expect(headings.some((heading) => heading.type === 'heading' && heading.level === 1)).toBe(false);
    }
  });

  it.each(LOCALES)('give the %s data-protection notice a #rights section, as links expect', async (locale) => {
    const blocks = parseMarkdown(await getLegalDocument('kvkk', locale));
    expect(blocks.some((block) => block.type === 'heading' && block.id === 'rights')).toBe(true);
    const text = await getLegalDocument('kvkk', locale);
    for (const article of ['11', '15', '22']) expect(text, `${locale} cites article ${article}`).toContain(article);
  });

  it.each(LOCALES)('state the 24-hour rule in the %s cancellation policy', async (locale) => {
    expect(await getLegalDocument('cancellation', locale)).toMatch(/24/);
  });

  it('has the same table of contents depth in every locale', async () => {
    for (const document of LEGAL_DOCUMENTS) {
      const count = async (locale: (typeof LOCALES)[number]) =>
        parseMarkdown(await getLegalDocument(document, locale)).filter((block) => block.type === 'heading').length;
      const english = await count('en');
      for (const locale of LOCALES) expect(await count(locale), `${document}/${locale}`).toBe(english);
    }
  });
});
