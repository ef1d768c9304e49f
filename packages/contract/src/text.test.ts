import { describe, expect, it } from 'vitest';
import { keyField, nameField, TEXT_MESSAGES, textField } from './text.js';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('textField', () => {
  it('stores text in NFC, trimmed, so composed and decomposed accents count as one character', () => {
    const schema = textField().max(4);
    expect(schema.parse('  Cafe\u0301 ')).toBe('Café');
    expect(schema.parse('  Cafe\u0301 ')).toBe(schema.parse('Café'));
  });

  it('refuses NUL and the other C0 and C1 controls and DEL', () => {
    for (const text of ['a\u0000b', '\u0001', 'x\u001b[31m', '\u007f', 'a\u0085b', '\u009f'])
      expect(messagesOf(textField().safeParse(text)), JSON.stringify(text)).toEqual([TEXT_MESSAGES.control]);
  });

  it('keeps free text to one line unless it is multi-line, where tab, LF and CR are allowed', () => {
    expect(messagesOf(textField().safeParse('first\nsecond'))).toEqual([TEXT_MESSAGES.lineBreak]);
    expect(messagesOf(textField().safeParse('a\tb'))).toEqual([TEXT_MESSAGES.lineBreak]);
    expect(textField({ multiline: true }).parse('first\r\nsecond\tthird')).toBe('first\r\nsecond\tthird');
    expect(messagesOf(textField({ multiline: true }).safeParse('a\u0000\nb'))).toEqual([TEXT_MESSAGES.control]);
  });

  it('refuses lone surrogates but keeps characters outside the basic plane', () => {
    expect(messagesOf(textField().safeParse('a\ud800b'))).toEqual([TEXT_MESSAGES.surrogate]);
    expect(messagesOf(textField().safeParse('\udfff'))).toEqual([TEXT_MESSAGES.surrogate]);
    expect(textField().parse('Good tour 👍🏽')).toBe('Good tour 👍🏽');
  });

  it('lets free text carry bidi controls, which mixed Arabic and Latin text may need', () => {
    expect(textField().parse('Meet at \u2067بوابة\u2069 gate 3')).toBe('Meet at \u2067بوابة\u2069 gate 3');
  });

  it('still applies the bounds chained on it, counted after normalising and trimming', () => {
    const schema = textField().min(1, 'Required').max(3);
    expect(messagesOf(schema.safeParse('   '))).toEqual(['Required']);
    expect(schema.parse(' e\u0301e\u0301e\u0301 ')).toBe('ééé');
  });
});

describe('nameField', () => {
  it('refuses bidi overrides and isolates in names, phone numbers and search terms', () => {
    for (const text of ['Ay\u202eşe', '\u2066+90532\u2069', '\u202astanbul'])
      expect(messagesOf(nameField().safeParse(text)), JSON.stringify(text)).toEqual([TEXT_MESSAGES.direction]);
    expect(nameField().parse(' عائشة ')).toBe('عائشة');
  });

  it('answers its own message when the value is missing', () => {
    expect(messagesOf(nameField({ error: 'Bank name is required' }).safeParse(undefined))).toEqual([
      'Bank name is required',
    ]);
  });
});

describe('keyField', () => {
  it('takes keys as sent and refuses controls, surrogates and bidi controls in them', () => {
    expect(keyField().parse(' city_tour')).toBe(' city_tour');
    expect(messagesOf(keyField().safeParse('city\u0000tour'))).toEqual([TEXT_MESSAGES.control]);
    expect(messagesOf(keyField().safeParse('city\ud800'))).toEqual([TEXT_MESSAGES.surrogate]);
    expect(messagesOf(keyField().safeParse('\u202ecity'))).toEqual([TEXT_MESSAGES.direction]);
  });
});
