import { z } from 'zod';

/**
 * The language a user wrote a text in (a BCP 47 tag; today the writer's interface locale),
 * so readers can mark the text with `lang` and a screen reader picks the right voice
 * (WCAG 3.1.2). Null when not known, e.g. for texts written before it was recorded.
 */
export const WrittenLanguageSchema = z.string().nullable();
