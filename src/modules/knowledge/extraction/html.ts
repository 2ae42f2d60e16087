import type { CheerioAPI } from 'cheerio';
import { lazyRequire } from '../../../core/lazy-module.js';
import { collapseWhitespace, type TextBlock } from './text-blocks.js';

// cheerio (about 25 MB resident) loads with the first HTML page or website read, not at start.
const cheerio = lazyRequire<typeof import('cheerio')>('cheerio');

export interface HtmlPage {
  title: string;
  blocks: TextBlock[];
  /** Absolute http(s) URLs of the page's links, without fragments, in page order. */
  links: string[];
}

/** The parts of a node tree we read (cheerio's domhandler nodes, structurally). */
interface DomNode {
  type: string;
  name?: string;
  data?: string;
  children?: DomNode[];
}

// Page furniture rather than content: navigation, boilerplate, scripts, forms.
const NOISE_SELECTOR = [
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'object',
  'head',
  'nav',
  'footer',
  'header',
  'aside',
  'form',
  'button',
  'select',
  '[hidden]',
  '[aria-hidden="true"]',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
].join(',');

const HEADING_LEVELS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'body',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'caption',
  'figure',
  'figcaption',
  'address',
  'details',
  'summary',
  'hr',
  'center',
  'fieldset',
]);

/** A web page reduced to readable text: its headings and paragraphs, without page furniture. */
export function extractHtmlPage(html: Buffer | string, pageUrl: string, contentTypeCharset?: string): HtmlPage {
  const $ =
    typeof html === 'string'
      ? cheerio().load(html)
      : cheerio().loadBuffer(html, contentTypeCharset ? { encoding: { transportLayerEncodingLabel: contentTypeCharset } } : {});
  const title = collapseWhitespace($('title').first().text());
  const links = collectLinks($, pageUrl);
  $(NOISE_SELECTOR).remove();
  // Prefer the page's declared main content when it has some; otherwise the whole body.
  const main = $('main, [role="main"], article').first();
  const root = (main.length > 0 && collapseWhitespace(main.text()) !== ''
    ? main
    : $('body').length > 0
      ? $('body')
      : $.root())[0] as unknown as DomNode;
  return { title, blocks: blocksFromDom(root), links };
}

function collectLinks($: CheerioAPI, pageUrl: string): string[] {
  const seen = new Set<string>();
  $('a[href]').each((_, element) => {
    const href = $(element).attr('href');
    if (!href) return;
    try {
      const url = new URL(href, pageUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
      url.hash = '';
      seen.add(url.toString());
    } catch {
      // An unparseable href is simply not followed.
    }
  });
  return [...seen];
}

/** Walks the tree: headings become headings, and the text of each innermost block a paragraph. */
export function blocksFromDom(root: DomNode): TextBlock[] {
  const blocks: TextBlock[] = [];
  let inline = '';
  const flushInline = () => {
    const text = collapseWhitespace(inline);
    if (text) blocks.push({ kind: 'paragraph', text });
    inline = '';
  };
  const walk = (node: DomNode) => {
    for (const child of node.children ?? []) {
      if (child.type === 'text') {
        inline += child.data ?? '';
        continue;
      }
      if (child.type !== 'tag' || !child.name) continue;
      const level = HEADING_LEVELS[child.name];
      if (level) {
        flushInline();
        const text = collapseWhitespace(textContent(child));
        if (text) blocks.push({ kind: 'heading', level, text });
      } else if (child.name === 'tr') {
        flushInline();
        const cells = (child.children ?? [])
          .filter((c) => c.name === 'td' || c.name === 'th')
          .map((c) => collapseWhitespace(textContent(c)));
        if (cells.some(Boolean)) blocks.push({ kind: 'paragraph', text: cells.filter(Boolean).join(' | ') });
      } else if (child.name === 'br') {
        inline += ' ';
      } else if (BLOCK_TAGS.has(child.name)) {
        flushInline();
        walk(child);
        flushInline();
      } else {
        walk(child);
      }
    }
  };
  walk(root);
  flushInline();
  return blocks;
}

function textContent(node: DomNode): string {
  if (node.type === 'text') return node.data ?? '';
  return (node.children ?? [])
    .map((child) => (child.name === 'br' || BLOCK_TAGS.has(child.name ?? '') ? ` ${textContent(child)} ` : textContent(child)))
    .join('');
}
