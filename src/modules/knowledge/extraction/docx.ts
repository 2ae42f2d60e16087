import mammoth from 'mammoth';
import { load } from 'cheerio';
import { blocksFromDom } from './html.js';
import { ExtractionError, type ExtractedSection } from './text-blocks.js';

// Images would be inlined as base64 data URIs; the text is all we index.
const skipImages = mammoth.images.imgElement(async () => ({ src: '' }));

/**
 * Word documents through mammoth, which maps Word's paragraph styles (Heading 1, Title, list
 * paragraphs, tables) to HTML; the HTML walker then yields the same blocks a web page would.
 */
export async function extractDocx(data: Buffer): Promise<ExtractedSection[]> {
  let html: string;
  try {
    ({ value: html } = await mammoth.convertToHtml({ buffer: data }, { convertImage: skipImages }));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ExtractionError(`The file is not a readable DOCX document (${detail.replace(/\.$/, '')}).`, { cause: error });
  }
  const $ = load(html);
  const blocks = blocksFromDom($.root()[0] as never);
  if (blocks.length === 0) throw new ExtractionError('The DOCX document contains no text.');
  return [{ sourceUrl: null, blocks }];
}
