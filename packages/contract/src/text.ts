import { z } from 'zod';

/** C0 and C1 control characters and DEL (category Cc) but tab, line feed and carriage return, listed apart. */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;
const LINE_CONTROL = /[\t\n\r]/;
/** Half of a UTF-16 surrogate pair without its other half: no character at all, and PostgreSQL refuses it. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** Bidi embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they can make a name or a key read as something else. */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

export const TEXT_MESSAGES = {
  control: 'Text contains control characters',
  lineBreak: 'Text must be on one line',
  surrogate: 'Text contains invalid characters',
  direction: 'Text contains direction-control characters',
} as const;

export interface TextFieldOptions {
  /** Allows tab, line feed and carriage return (messages, descriptions); other text is one line. */
  multiline?: boolean;
  /** Refuses bidi override and isolate controls: names, phone numbers, keys and search terms need none. */
  plain?: boolean;
  /** Leaves surrounding white space as sent (tokens and keys compared as given). */
  keepSpaces?: boolean;
  /** The message when the value is missing or not a string. */
  error?: string;
}

/**
 * A text field of a request: NFC-normalised (so "é" typed as e + U+0301 is stored, compared
 * and counted as one character), trimmed, and refused (400 VALIDATION_FAILED on the field)
 * when it holds control characters, lone surrogates or, where `plain`, bidi controls.
 * Every text a request carries is built on it but passwords, which are only hashed; chain
 * `.min()`, `.max()`, `.regex()`.
 */
export function textField(options: TextFieldOptions = {}) {
  const base = z.string(options.error ? { error: options.error } : undefined).normalize('NFC');
  return (options.keepSpaces ? base : base.trim())
    .refine((text) => !CONTROL.test(text), TEXT_MESSAGES.control)
    .refine((text) => options.multiline || !LINE_CONTROL.test(text), TEXT_MESSAGES.lineBreak)
    .refine((text) => !LONE_SURROGATE.test(text), TEXT_MESSAGES.surrogate)
    .refine((text) => !options.plain || !DIRECTION_CONTROL.test(text), TEXT_MESSAGES.direction);
}

/** One line of free text that names something (a person, a bank, a phone number, a search term): no bidi controls. */
export const nameField = (options: Omit<TextFieldOptions, 'plain' | 'multiline'> = {}) =>
  textField({ ...options, plain: true });

/** A key, code, token, cursor or list of ids, taken exactly as sent: one line, no bidi controls, no trimming. */
export const keyField = (options: Pick<TextFieldOptions, 'error'> = {}) =>
  textField({ ...options, plain: true, keepSpaces: true });
