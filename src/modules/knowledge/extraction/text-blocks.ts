/**
 * What every extractor produces: the document's text as headings and paragraphs, in reading
 * order. Keeping the structure (rather than one flat string) lets the chunker cut on section
 * boundaries and label each passage with the headings it sits under.
 */
export type TextBlock = { kind: 'heading'; level: number; text: string } | { kind: 'paragraph'; text: string };

/** One independently chunked unit: a whole file, or one page of a website. */
export interface ExtractedSection {
  sourceUrl: string | null;
  blocks: TextBlock[];
}

/**
 * The document cannot be turned into text, for a reason the user can act on. A retryable one
 * (a site that is down, a timeout) may succeed later; any other is final.
 */
export class ExtractionError extends Error {
  readonly retryable: boolean;

  constructor(message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ExtractionError';
    this.retryable = options.retryable ?? false;
  }
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const MARKDOWN_HEADING = /^(#{1,6})\s+(.+?)\s*#*$/;
const SETEXT_UNDERLINE = /^(=+|-+)\s*$/;
const LIST_ITEM = /^\s*([-*•]|\d+[.)])\s+/;
const LIKELY_TITLE_MAX_CHARS = 80;

/**
 * Plain text: blank lines separate paragraphs; Markdown headings (`#`, or a line underlined
 * with === / ---) and short stand-alone lines without closing punctuation ("Shipping policy")
 * are headings. Soft-wrapped lines are joined; list items keep one line each.
 */
export function blocksFromPlainText(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const normalized = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\u0000/g, '');
  for (const raw of normalized.split(/\n\s*\n/)) {
    const lines = raw
      .split('\n')
      .map((l) => l.trimEnd())
      .filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    const markdown = MARKDOWN_HEADING.exec(lines[0]!.trim());
    if (markdown) {
      blocks.push({ kind: 'heading', level: markdown[1]!.length, text: collapseWhitespace(markdown[2]!) });
      lines.shift();
    } else if (lines.length >= 2 && SETEXT_UNDERLINE.test(lines[1]!.trim())) {
      blocks.push({ kind: 'heading', level: lines[1]!.trim().startsWith('=') ? 1 : 2, text: collapseWhitespace(lines[0]!) });
      lines.splice(0, 2);
    } else if (lines.length === 1 && looksLikeTitle(lines[0]!)) {
      blocks.push({ kind: 'heading', level: 2, text: collapseWhitespace(lines[0]!) });
      continue;
    }
    if (lines.length > 0) blocks.push({ kind: 'paragraph', text: joinLines(lines) });
  }
  return blocks;
}

function looksLikeTitle(line: string): boolean {
  const text = line.trim();
  return text.length <= LIKELY_TITLE_MAX_CHARS && !/[.!?:;,]$/.test(text) && !LIST_ITEM.test(text) && /\p{L}/u.test(text);
}

function joinLines(lines: string[]): string {
  if (lines.some((l) => LIST_ITEM.test(l))) return lines.map((l) => collapseWhitespace(l)).join('\n');
  return collapseWhitespace(lines.join(' ').replace(/(\p{L})- (\p{Ll})/gu, '$1$2'));
}

/** The whole text of some blocks, e.g. for language detection. */
export function textOf(sections: ExtractedSection[], maxChars = Infinity): string {
  let text = '';
  for (const section of sections) {
    for (const block of section.blocks) {
      text += `${block.text}\n`;
      if (text.length >= maxChars) return text.slice(0, maxChars);
    }
  }
  return text;
}
