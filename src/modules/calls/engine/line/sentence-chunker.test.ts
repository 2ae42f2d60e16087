import { describe, expect, it } from 'vitest';
import { SentenceChunker, speakable } from './sentence-chunker.js';

const chunk = (...tokens: string[]) => {
  const chunker = new SentenceChunker();
  const out = tokens.flatMap((t) => chunker.push(t));
  return { out, rest: chunker.flush() };
};

describe('SentenceChunker', () => {
  it('emits each sentence as soon as the next token shows it ended', () => {
    const chunker = new SentenceChunker();
    expect(chunker.push('We open ')).toEqual([]);
    expect(chunker.push('at nine.')).toEqual([]);
    expect(chunker.push(' We close')).toEqual(['We open at nine.']);
    expect(chunker.push(' at five!')).toEqual([]);
    expect(chunker.flush()).toEqual(['We close at five!']);
  });

  it('does not cut decimals, short abbreviations or a lone list number', () => {
    expect(chunk('It costs 3.50 dollars. Dr. Smith is in.').rest).toEqual(['Dr. Smith is in.']);
    expect(chunk('It costs 3.50 dollars. Dr. Smith is in.').out).toEqual(['It costs 3.50 dollars.']);
    expect(chunk('1. Call us.\n').out).toEqual(['1. Call us.']);
  });

  it('cuts at line breaks, and a run-on at its last comma before the limit', () => {
    expect(chunk('First line\nSecond line').out).toEqual(['First line']);
    const long = `${'word, '.repeat(50)}end`;
    const { out, rest } = chunk(long);
    expect(out.length).toBeGreaterThan(0);
    expect(out.every((s) => s.length <= 220 && s.endsWith(','))).toBe(true);
    expect([...out, ...rest].join(' ')).toBe(long.replace(/\s+/g, ' '));
  });

  it('drops markdown that would be read out', () => {
    expect(speakable('**Bold** and `code`, see [the site](https://x.test).')).toBe('Bold and code, see the site.');
    expect(speakable('- first item')).toBe('first item');
    expect(chunk('## Hours\n', '* Monday: nine to five.\n').out).toEqual(['Hours', 'Monday: nine to five.']);
  });
});
