import type { ExtractedSection } from './extraction/text-blocks.js';

export interface Chunk {
  /** The headings the passage sits under, outermost first: "Returns > Damaged items". */
  heading: string;
  content: string;
  sourceUrl: string | null;
}

export interface ChunkingOptions {
  /** A chunk grows paragraph by paragraph up to about this size. */
  maxChars: number;
  /** How much of a chunk's end is repeated at the start of the next one in the same section. */
  overlapChars: number;
}

/**
 * Passages of about a paragraph or three: small enough that a match is specific and a handful
 * fit in a prompt, large enough to carry their own context.
 */
export const DEFAULT_CHUNKING: ChunkingOptions = { maxChars: 1000, overlapChars: 200 };

/**
 * Cuts on structure first: a heading always starts a new chunk, and paragraphs are kept whole
 * while they fit. Only a paragraph longer than a chunk is split, on sentence boundaries. Inside
 * a section, consecutive chunks overlap by their last sentences, so a fact that straddles a cut
 * is still found whole in one of them.
 */
export function chunkSections(sections: ExtractedSection[], options: ChunkingOptions = DEFAULT_CHUNKING): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sections) chunkSection(section, options, chunks);
  return chunks;
}

function chunkSection(section: ExtractedSection, options: ChunkingOptions, out: Chunk[]): void {
  const trail: string[] = [];
  let parts: string[] = [];
  let size = 0;
  // Only overlap carried over from the previous chunk: not worth a chunk of its own.
  let hasNewText = false;

  const emit = () => {
    if (hasNewText) out.push({ heading: trail.filter(Boolean).join(' > '), content: parts.join('\n\n'), sourceUrl: section.sourceUrl });
  };
  const restart = (carried: string) => {
    parts = carried ? [carried] : [];
    size = carried.length;
    hasNewText = false;
  };

  for (const block of section.blocks) {
    if (block.kind === 'heading') {
      emit();
      restart('');
      trail.length = Math.max(0, block.level - 1);
      trail[block.level - 1] = block.text;
      continue;
    }
    for (const piece of splitToFit(block.text, options.maxChars - options.overlapChars)) {
      if (hasNewText && size + piece.length + 2 > options.maxChars) {
        emit();
        restart(overlapTail(parts.join('\n\n'), options.overlapChars));
      }
      parts.push(piece);
      size += piece.length + 2;
      hasNewText = true;
    }
  }
  emit();
}

/** Sentences (or, for run-on text, words) grouped into pieces of at most maxChars. */
export function splitToFit(text: string, maxChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of splitSentences(text).flatMap((s) => (s.length > maxChars ? splitWords(s, maxChars) : [s]))) {
    if (current && current.length + 1 + sentence.length > maxChars) {
      pieces.push(current);
      current = sentence;
    } else {
      current = current ? `${current} ${sentence}` : sentence;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

export function splitSentences(text: string): string[] {
  return text.split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"'“(])/u).filter((s) => s.trim() !== '');
}

function splitWords(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    if (current && current.length + 1 + word.length > maxChars) {
      pieces.push(current);
      current = '';
    }
    // A single "word" longer than a chunk (a base64 blob, a URL) is cut where it must be.
    let rest = word;
    while (rest.length > maxChars) {
      pieces.push(rest.slice(0, maxChars));
      rest = rest.slice(maxChars);
    }
    current = current ? `${current} ${rest}` : rest;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** The last whole sentences of a text that fit in maxChars, or failing that its last words. */
export function overlapTail(text: string, maxChars: number): string {
  if (maxChars <= 0) return '';
  const sentences = splitSentences(text.replace(/\n\n/g, ' '));
  let tail = '';
  for (let i = sentences.length - 1; i >= 0; i--) {
    const candidate = tail ? `${sentences[i]} ${tail}` : sentences[i]!;
    if (candidate.length > maxChars) break;
    tail = candidate;
  }
  if (tail) return tail;
  const start = Math.max(0, text.length - maxChars);
  const cut = text.slice(start);
  // Drop a word the cut went through, unless the cut fell on a word boundary.
  if (start === 0 || /\s/.test(text[start - 1]!)) return cut.trimStart();
  const firstSpace = cut.indexOf(' ');
  return firstSpace >= 0 ? cut.slice(firstSpace + 1) : cut;
}
