/**
 * Cuts a model's streamed tokens into speakable pieces, so the first sentence goes to the
 * synthesizer while the model still writes the rest. A piece ends at sentence punctuation
 * followed by a space, at a line break, or, for a run-on, at the last comma or space before
 * MAX_CHARS. Markdown the model may still produce is removed: it would be read out.
 */
const MIN_CHARS = 6;
const MAX_CHARS = 220;
const SENTENCE_END = /[.!?…。！？](?:["')\]]*)\s/g;

export class SentenceChunker {
  private buffer = '';

  /** Adds text; returns the sentences it completed, in order. */
  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    for (;;) {
      const cut = this.nextCut();
      if (cut === -1) break;
      const piece = speakable(this.buffer.slice(0, cut));
      this.buffer = this.buffer.slice(cut);
      if (piece) out.push(piece);
    }
    return out;
  }

  /** What is left when the model is done. */
  flush(): string[] {
    const piece = speakable(this.buffer);
    this.buffer = '';
    return piece ? [piece] : [];
  }

  private nextCut(): number {
    const newline = this.buffer.indexOf('\n');
    if (newline !== -1) return newline + 1;
    SENTENCE_END.lastIndex = 0;
    for (let match = SENTENCE_END.exec(this.buffer); match; match = SENTENCE_END.exec(this.buffer)) {
      const end = match.index + match[0].length;
      // "Dr. " or "1. " alone is not a sentence.
      if (this.buffer.slice(0, end).trim().length >= MIN_CHARS) return end;
    }
    if (this.buffer.length <= MAX_CHARS) return -1;
    const head = this.buffer.slice(0, MAX_CHARS);
    const comma = head.lastIndexOf(', ');
    if (comma > MIN_CHARS) return comma + 2;
    const space = head.lastIndexOf(' ');
    return space > MIN_CHARS ? space + 1 : MAX_CHARS;
  }
}

/** Text as it should be spoken: markdown marks and list bullets dropped, whitespace collapsed. */
export function speakable(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(?:[-*•]|#{1,6})\s+/gm, '')
    .replace(/[*_`#]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
