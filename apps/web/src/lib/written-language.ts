/**
 * Attributes of a text a user wrote: its language when known, so a screen reader reads it
 * with the right voice (WCAG 3.1.2), and its own direction, so Arabic in an English page (or
 * the reverse) lays out by its first strong character.
 */
export function writtenTextProps(language: string | null | undefined): { lang?: string; dir: 'auto' } {
  return language ? { lang: language, dir: 'auto' } : { dir: 'auto' };
}
