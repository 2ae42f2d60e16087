import { describe, expect, it } from 'vitest';
import { chunkSections, overlapTail, splitToFit, type ChunkingOptions } from './chunking.js';
import { extractHtmlPage } from './extraction/html.js';
import { blocksFromPlainText, type TextBlock } from './extraction/text-blocks.js';
import { detectTextSearchConfig } from './language.js';
import { fuseRankings } from './ranking.js';
import type { PassageRow } from './search.repo.js';

const section = (blocks: TextBlock[]) => [{ sourceUrl: null, blocks }];
const sentence = (n: number) => `Sentence number ${n} says something about topic ${n}.`;

describe('chunkSections', () => {
  const small: ChunkingOptions = { maxChars: 200, overlapChars: 60 };

  it('starts a new chunk at every heading and labels chunks with their heading trail', () => {
    const chunks = chunkSections(
      section([
        { kind: 'heading', level: 1, text: 'Guide' },
        { kind: 'paragraph', text: 'Intro.' },
        { kind: 'heading', level: 2, text: 'Setup' },
        { kind: 'paragraph', text: 'Plug it in.' },
        { kind: 'heading', level: 3, text: 'Cables' },
        { kind: 'paragraph', text: 'Use the red one.' },
        { kind: 'heading', level: 2, text: 'Care' },
        { kind: 'paragraph', text: 'Keep it dry.' },
      ]),
      small,
    );
    expect(chunks.map((c) => [c.heading, c.content])).toEqual([
      ['Guide', 'Intro.'],
      ['Guide > Setup', 'Plug it in.'],
      ['Guide > Setup > Cables', 'Use the red one.'],
      ['Guide > Care', 'Keep it dry.'],
    ]);
  });

  it('keeps paragraphs whole while they fit, and overlaps consecutive chunks by whole sentences', () => {
    const paragraphs = [0, 1, 2, 3, 4, 5].map((n) => ({ kind: 'paragraph' as const, text: sentence(n) }));
    const chunks = chunkSections(section(paragraphs), small);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.content.length).toBeLessThanOrEqual(small.maxChars);
    for (let i = 1; i < chunks.length; i++) {
      const carried = chunks[i]!.content.split('\n\n')[0]!;
      expect(chunks[i - 1]!.content.endsWith(carried)).toBe(true);
    }
    // Every sentence is in some chunk.
    for (const p of paragraphs) expect(chunks.some((c) => c.content.includes(p.text))).toBe(true);
  });

  it('does not carry overlap across a heading, and emits no chunk of overlap alone', () => {
    const chunks = chunkSections(
      section([
        { kind: 'paragraph', text: [0, 1, 2, 3].map(sentence).join(' ') },
        { kind: 'heading', level: 2, text: 'Next' },
        { kind: 'paragraph', text: 'Fresh start.' },
      ]),
      small,
    );
    expect(chunks[chunks.length - 1]).toEqual({ heading: 'Next', content: 'Fresh start.', sourceUrl: null });
  });

  it('splits an over-long paragraph on sentences, and run-on text on words', () => {
    expect(splitToFit([0, 1, 2, 3, 4].map(sentence).join(' '), 120).every((p) => p.length <= 120)).toBe(true);
    const runOn = 'word '.repeat(100).trim();
    expect(splitToFit(runOn, 50).every((p) => p.length <= 50)).toBe(true);
    expect(splitToFit('x'.repeat(130), 50)).toEqual(['x'.repeat(50), 'x'.repeat(50), 'x'.repeat(30)]);
  });

  it('overlapTail takes whole trailing sentences, or the last words when a sentence is too long', () => {
    expect(overlapTail('First one. Second one. Third one.', 25)).toBe('Second one. Third one.');
    expect(overlapTail('a very long sentence without any end in sight', 12)).toBe('end in sight');
  });
});

describe('blocksFromPlainText', () => {
  it('recognises Markdown and underlined headings, short title lines, lists and soft wraps', () => {
    expect(blocksFromPlainText('Title\n=====\n\n## Part\n\nLine one\nwraps here.\n\n- a\n- b\n\nShipping policy\n\nWe ship.')).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'heading', level: 2, text: 'Part' },
      { kind: 'paragraph', text: 'Line one wraps here.' },
      { kind: 'paragraph', text: '- a\n- b' },
      { kind: 'heading', level: 2, text: 'Shipping policy' },
      { kind: 'paragraph', text: 'We ship.' },
    ]);
  });
});

describe('extractHtmlPage', () => {
  it('keeps headings, paragraphs, list items and table rows, and drops scripts and page furniture', () => {
    const page = extractHtmlPage(
      `<html><head><title>Shop</title><script>evil()</script></head><body>
        <header>Logo</header><nav><a href="/a">A</a></nav>
        <main><h1>Hello <b>there</b></h1><p>Some <em>emphasis</em> here.<br>Next line.</p>
        <ul><li>one</li><li>two</li></ul><table><tr><th>Size</th><td>42</td></tr></table></main>
        <footer><a href="mailto:x@y.z">mail</a><a href="/b#top">B</a></footer></body></html>`,
      'https://shop.example/dir/',
    );
    expect(page.title).toBe('Shop');
    expect(page.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Hello there' },
      { kind: 'paragraph', text: 'Some emphasis here. Next line.' },
      { kind: 'paragraph', text: 'one' },
      { kind: 'paragraph', text: 'two' },
      { kind: 'paragraph', text: 'Size | 42' },
    ]);
    expect(page.links).toEqual(['https://shop.example/a', 'https://shop.example/b']);
  });
});

describe('detectTextSearchConfig', () => {
  it('picks the language of the text, and simple when unsure', () => {
    expect(detectTextSearchConfig('We accept returns within thirty days of delivery when the goods are undamaged.')).toBe('english');
    expect(detectTextSearchConfig('Die Rücksendung ist innerhalb von dreißig Tagen nach der Lieferung möglich.')).toBe('german');
    expect(detectTextSearchConfig('Les retours sont acceptés dans les trente jours suivant la livraison.')).toBe('french');
    expect(detectTextSearchConfig('SKU-123 42')).toBe('simple');
  });
});

describe('fuseRankings', () => {
  const row = (id: number): PassageRow => ({
    chunk_id: id,
    document_id: id,
    document_name: `d${id}`,
    heading: '',
    content: '',
    source_url: null,
    score: 0,
  });

  it('puts what both rankings agree on first, scoring 1 for first in every list', () => {
    const fused = fuseRankings(
      [
        [row(1), row(2), row(3)],
        [row(1), row(3), row(4)],
      ],
      4,
    );
    expect(fused.map((r) => r.chunk_id)).toEqual([1, 3, 2, 4]);
    expect(fused[0]!.score).toBe(1);
    expect(fused[3]!.score).toBeLessThan(fused[2]!.score);
  });
});
