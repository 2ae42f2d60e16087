import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { ExtractionError, collapseWhitespace, type ExtractedSection, type TextBlock } from './text-blocks.js';

interface Line {
  text: string;
  /** Font size in points: the vertical scale of the text matrix. */
  size: number;
  /** Baseline height on the page; larger is higher up. */
  y: number;
}

// A gap between baselines this many times the font size is a paragraph break, not a line wrap
// (normal leading is about 1.2).
const PARAGRAPH_GAP_RATIO = 1.5;
// Text this much larger than the body text is a heading.
const HEADING_SIZE_RATIO = 1.15;
const HEADING_MAX_CHARS = 200;

/**
 * PDF text through Mozilla's pdf.js. A PDF has no paragraphs or headings, only positioned
 * text, so structure is inferred from the layout: lines are grouped into paragraphs where the
 * vertical gap is wider than line spacing, and lines set in a larger font than the body text
 * become headings (the largest size being level 1).
 */
export async function extractPdf(data: Buffer, options: { maxPages?: number } = {}): Promise<ExtractedSection[]> {
  const pages = await readLines(data, options.maxPages ?? Infinity);
  if (pages.flat().length === 0) {
    throw new ExtractionError('No text could be extracted from the PDF (scanned images are not supported).');
  }
  return [{ sourceUrl: null, blocks: toBlocks(pages) }];
}

async function readLines(data: Buffer, maxPages: number): Promise<Line[][]> {
  const task = getDocument({
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let document;
  try {
    document = await task.promise;
  } catch (error) {
    throw new ExtractionError(describePdfError(error), { cause: error });
  }
  if (document.numPages > maxPages) {
    await document.destroy();
    throw new ExtractionError(`The PDF has ${document.numPages} pages; at most ${maxPages} can be read. Split it into smaller files.`);
  }
  try {
    const pages: Line[][] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(groupIntoLines(content.items.filter((item): item is TextItem => 'str' in item)));
      page.cleanup();
    }
    return pages;
  } catch (error) {
    // A damaged page is a property of the file: reading it again would fail the same way.
    throw new ExtractionError(describePdfError(error), { cause: error });
  } finally {
    await document.destroy();
  }
}

function describePdfError(error: unknown): string {
  const name = (error as { name?: string }).name;
  if (name === 'PasswordException') return 'The PDF is password-protected.';
  const detail = error instanceof Error ? error.message : String(error);
  return `The file is not a readable PDF (${detail.replace(/\.$/, '')}).`;
}

function groupIntoLines(items: TextItem[]): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  for (const item of items) {
    const size = Math.hypot(item.transform[2]!, item.transform[3]!) || item.height;
    const y = item.transform[5]!;
    if (current && Math.abs(current.y - y) <= Math.max(2, size * 0.3)) {
      current.text += item.str;
      current.size = Math.max(current.size, item.str.trim() ? size : 0);
    } else if (item.str.trim() !== '') {
      current = { text: item.str, size, y };
      lines.push(current);
    }
    if (item.hasEOL && current) current = null;
  }
  return lines.map((l) => ({ ...l, text: collapseWhitespace(l.text) })).filter((l) => l.text !== '');
}

function toBlocks(pages: Line[][]): TextBlock[] {
  const bodySize = mostCommonSize(pages.flat());
  const headingSizes = [
    ...new Set(
      pages
        .flat()
        .filter((l) => isHeading(l, bodySize))
        .map((l) => round(l.size)),
    ),
  ].sort((a, b) => b - a);
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: joinWrappedLines(paragraph) });
    paragraph = [];
  };
  for (const lines of pages) {
    // A paragraph running over a page break stays one paragraph.
    lines.forEach((line, i) => {
      if (isHeading(line, bodySize)) {
        flush();
        const level = Math.min(6, headingSizes.indexOf(round(line.size)) + 1);
        const previous = blocks[blocks.length - 1];
        // A heading set over two lines arrives as two heading lines of the same size.
        if (previous?.kind === 'heading' && previous.level === level && i > 0 && isHeading(lines[i - 1]!, bodySize))
          previous.text += ` ${line.text}`;
        else blocks.push({ kind: 'heading', level, text: line.text });
        return;
      }
      const above = lines[i - 1];
      if (above && !isHeading(above, bodySize) && above.y - line.y > line.size * PARAGRAPH_GAP_RATIO) flush();
      paragraph.push(line.text);
    });
  }
  flush();
  return blocks;
}

function isHeading(line: Line, bodySize: number): boolean {
  return line.size >= bodySize * HEADING_SIZE_RATIO && line.text.length <= HEADING_MAX_CHARS;
}

/** The body text size: the size most characters are set in. */
function mostCommonSize(lines: Line[]): number {
  const charsBySize = new Map<number, number>();
  for (const line of lines) charsBySize.set(round(line.size), (charsBySize.get(round(line.size)) ?? 0) + line.text.length);
  let best = 0;
  let bestChars = -1;
  for (const [size, chars] of charsBySize) if (chars > bestChars) [best, bestChars] = [size, chars];
  return best;
}

function round(size: number): number {
  return Math.round(size * 2) / 2;
}

/** Joins wrapped lines, mending words hyphenated at a line end ("infor-" + "mation"). */
function joinWrappedLines(lines: string[]): string {
  return lines.reduce((text, line) => (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(line) ? text.slice(0, -1) + line : `${text} ${line}`));
}
