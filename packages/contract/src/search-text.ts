// No zod here: the home page's place field imports this, and zod is not part of its first paint.

/**
 * Folds a text for accent- and case-insensitive search, the same way on the server (stored
 * search columns) and in the browser (autocomplete): 'İstanbul', 'ISTANBUL' and 'istanbul'
 * all become 'istanbul'.
 */
export function normalizeForSearch(text: string): string {
  return text
    .replace(/[İIı]/g, 'i')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u0640]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
