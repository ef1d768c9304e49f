import { describe, expect, it } from 'vitest';
import { memoizeHeader } from './header-memo.js';

describe('memoizeHeader', () => {
  it('parses each distinct value once, null answers included', () => {
    const parsed: string[] = [];
    const parse = memoizeHeader((header) => {
      parsed.push(header);
      return header === 'none' ? null : header.length;
    });
    expect([parse('br, gzip'), parse('br, gzip'), parse('none'), parse('none')]).toEqual([8, 8, null, null]);
    expect(parsed).toEqual(['br, gzip', 'none']);
  });

  it('keeps at most its bound of values, whatever clients send', () => {
    let calls = 0;
    const parse = memoizeHeader((header) => {
      calls += 1;
      return header;
    }, 2);
    for (const header of ['a', 'b', 'c', 'a']) parse(header);
    expect(calls).toBe(4);
    expect(parse('a')).toBe('a');
    expect(calls).toBe(4);
  });
});
