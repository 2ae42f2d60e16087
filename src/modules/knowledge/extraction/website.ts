import { OutboundError, UrlRefusedError, type HttpClient } from '../../../core/net/index.js';
import { extractHtmlPage } from './html.js';
import { ExtractionError, blocksFromPlainText, type ExtractedSection } from './text-blocks.js';

export interface WebsiteSource {
  /** Crawl from this page, following same-site links. */
  url: string | null;
  /** Or read exactly these pages. */
  links: string[] | null;
  /** How many pages beyond the start page a crawl may read. */
  relativeLinksLimit: number;
}

const PAGE_TIMEOUT_MS = 15_000;
const MAX_PAGE_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;
// Links to these are downloads, not pages to read.
const NON_PAGE_EXTENSION = /\.(pdf|zip|gz|tar|rar|7z|exe|dmg|iso|jpe?g|png|gif|webp|svg|ico|mp[34]|avi|mov|webm|wav|docx?|xlsx?|pptx?|css|js|json|xml|rss)$/i;

/**
 * Reads a website through the SSRF-guarded client: every page, every redirect hop and every
 * followed link is checked against the address policy. A crawl follows links on the same site
 * (host name, ignoring "www."), breadth first, up to relativeLinksLimit extra pages. Only the
 * start page is essential: a broken link elsewhere is skipped.
 */
export async function readWebsite(http: HttpClient, source: WebsiteSource): Promise<ExtractedSection[]> {
  if (source.links && source.links.length > 0) return readListedPages(http, source.links);
  if (!source.url) throw new ExtractionError('The document has no URL to read.');
  return crawl(http, source.url, source.relativeLinksLimit);
}

async function crawl(http: HttpClient, startUrl: string, relativeLinksLimit: number): Promise<ExtractedSection[]> {
  const first = await fetchPage(http, startUrl);
  const site = siteOf(first.finalUrl);
  const seen = new Set([withoutHash(startUrl), withoutHash(first.finalUrl)]);
  const sections = [first.section];
  const queue = [...first.links];
  while (queue.length > 0 && sections.length <= relativeLinksLimit) {
    const next = queue.shift()!;
    if (seen.has(next) || siteOf(next) !== site || NON_PAGE_EXTENSION.test(new URL(next).pathname)) continue;
    seen.add(next);
    const page = await fetchPage(http, next).catch(() => null);
    if (!page) continue;
    const landed = withoutHash(page.finalUrl);
    // A link that redirects off the site, or to a page already read, adds nothing.
    if (siteOf(landed) !== site || (landed !== next && seen.has(landed))) continue;
    seen.add(landed);
    sections.push(page.section);
    queue.push(...page.links);
  }
  return sections;
}

async function readListedPages(http: HttpClient, links: string[]): Promise<ExtractedSection[]> {
  const sections: ExtractedSection[] = [];
  let firstError: unknown;
  for (const link of [...new Set(links)]) {
    try {
      sections.push((await fetchPage(http, link)).section);
    } catch (error) {
      firstError ??= error;
    }
  }
  if (sections.length === 0) throw firstError;
  return sections;
}

async function fetchPage(http: HttpClient, url: string) {
  let response;
  try {
    response = await http.request(url, {
      timeoutMs: PAGE_TIMEOUT_MS,
      maxResponseBytes: MAX_PAGE_BYTES,
      maxRedirects: MAX_REDIRECTS,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8' },
    });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    // A refused address will be refused every time; a network failure may pass.
    throw new ExtractionError(`Could not fetch ${url}: ${error.message}`, { cause: error, retryable: !(error instanceof UrlRefusedError) });
  }
  if (response.status < 200 || response.status >= 300) {
    const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
    throw new ExtractionError(`Could not fetch ${url}: the server answered HTTP ${response.status}.`, { retryable });
  }
  const contentType = (response.headers['content-type'] ?? '').toLowerCase();
  const charset = /charset=([^;]+)/.exec(contentType)?.[1]?.trim();
  if (contentType.startsWith('text/plain')) {
    const blocks = blocksFromPlainText(response.body.toString('utf8'));
    return { finalUrl: response.url, links: [] as string[], section: { sourceUrl: response.url, blocks } };
  }
  if (contentType !== '' && !contentType.includes('html')) {
    throw new ExtractionError(`Could not read ${url}: it is not a web page (content type ${contentType.split(';')[0]}).`);
  }
  const page = extractHtmlPage(response.body, response.url, charset);
  // The page title heads the page's passages unless the page opens with its own top heading.
  const opensWithTitle = page.blocks[0]?.kind === 'heading' && page.blocks[0].level === 1;
  const blocks = page.title && !opensWithTitle ? [{ kind: 'heading' as const, level: 1, text: page.title }, ...page.blocks] : page.blocks;
  return { finalUrl: response.url, links: page.links, section: { sourceUrl: response.url, blocks } };
}

function siteOf(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
}

function withoutHash(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.toString();
}
