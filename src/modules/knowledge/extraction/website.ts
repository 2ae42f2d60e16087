import { OutboundError, UrlRefusedError, type HttpClient } from '../../../core/net/index.js';
import { extractHtmlPage } from './html.js';
import { CRAWLER_NAME, RobotsUnavailableError, createPacer, createRobotsRules } from './robots.js';
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
const NON_PAGE_EXTENSION =
  /\.(pdf|zip|gz|tar|rar|7z|exe|dmg|iso|jpe?g|png|gif|webp|svg|ico|mp[34]|avi|mov|webm|wav|docx?|xlsx?|pptx?|css|js|json|xml|rss)$/i;

export interface CrawlOptions {
  /** Pages fetched at once; a site's Crawl-delay still spaces its own requests. */
  concurrency?: number;
  /** How a Crawl-delay is waited; tests record it instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  maxCrawlDelayMs?: number;
  /** A page left out (unreachable, not a page, disallowed by robots.txt), for the job's log. */
  onPageSkipped?: (url: string, reason: string) => void;
}

export const DEFAULT_CRAWL_CONCURRENCY = 4;

type Page = Awaited<ReturnType<typeof fetchPage>>;

/**
 * Reads a website through the SSRF-guarded client: every page, every redirect hop and every
 * followed link is checked against the address policy, and every page against its site's
 * robots.txt (fetched once per origin) for SwitchboardBot. A crawl follows links on the same
 * site (host name, ignoring "www."), breadth first, up to relativeLinksLimit extra pages,
 * several at a time. Only the start page is essential: a broken or disallowed link elsewhere
 * is skipped.
 */
export async function readWebsite(http: HttpClient, source: WebsiteSource, options: CrawlOptions = {}): Promise<ExtractedSection[]> {
  const robots = createRobotsRules(http, options.maxCrawlDelayMs);
  const pacer = createPacer(options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))));
  const fetchAllowed = async (url: string): Promise<Page> => {
    let rules;
    try {
      rules = await robots.forUrl(url);
    } catch (error) {
      throw robotsFailure(url, error);
    }
    if (!rules.isAllowed(url)) throw new ExtractionError(`${url} is disallowed for ${CRAWLER_NAME} by the site's robots.txt.`);
    await pacer.turn(url, rules.crawlDelayMs);
    const page = await fetchPage(http, url);
    // A redirect may land on a disallowed path: it was fetched, but it is not read.
    if (page.finalUrl !== url && !(await robots.forUrl(page.finalUrl).catch(() => ALLOW_NOTHING)).isAllowed(page.finalUrl)) {
      throw new ExtractionError(`${url} redirects to ${page.finalUrl}, which is disallowed for ${CRAWLER_NAME} by the site's robots.txt.`);
    }
    return page;
  };
  const crawler = {
    fetchAllowed,
    concurrency: Math.max(1, options.concurrency ?? DEFAULT_CRAWL_CONCURRENCY),
    onPageSkipped: options.onPageSkipped ?? (() => undefined),
  };
  if (source.links && source.links.length > 0) return readListedPages(crawler, source.links);
  if (!source.url) throw new ExtractionError('The document has no URL to read.');
  return crawl(crawler, source.url, source.relativeLinksLimit);
}

const ALLOW_NOTHING = { isAllowed: () => false, crawlDelayMs: 0 };

interface Crawler {
  fetchAllowed(url: string): Promise<Page>;
  concurrency: number;
  onPageSkipped(url: string, reason: string): void;
}

/**
 * Breadth first with several pages in flight. Pages are taken in the order they were
 * requested, whatever order they arrive in, so the pages read, their order and the page cap
 * are exactly those of reading one page at a time; the only difference is an occasional extra
 * request for a link that an earlier page, still in flight, turns out to redirect to.
 */
async function crawl(crawler: Crawler, startUrl: string, relativeLinksLimit: number): Promise<ExtractedSection[]> {
  const first = await crawler.fetchAllowed(startUrl);
  const site = siteOf(first.finalUrl);
  // When each URL was requested (-1: the start page), and the URLs whose content was kept.
  const requestedAt = new Map([
    [withoutHash(startUrl), -1],
    [withoutHash(first.finalUrl), -1],
  ]);
  const kept = new Set([withoutHash(first.finalUrl)]);
  const sections = [first.section];
  const queue = [...first.links];
  // Requested pages not yet taken, in request order; `done` once the answer is in.
  const pending: Array<{ url: string; order: number; page: Promise<Page | null>; done: boolean }> = [];
  let fetching = 0;
  for (let order = 0; ; ) {
    while (fetching < crawler.concurrency && sections.length + pending.length <= relativeLinksLimit && queue.length > 0) {
      const next = queue.shift()!;
      if (requestedAt.has(next) || kept.has(next) || siteOf(next) !== site || NON_PAGE_EXTENSION.test(new URL(next).pathname)) continue;
      requestedAt.set(next, order);
      fetching++;
      const entry = { url: next, order: order++, page: Promise.resolve<Page | null>(null), done: false };
      entry.page = crawler
        .fetchAllowed(next)
        .catch((error: unknown) => {
          crawler.onPageSkipped(next, error instanceof Error ? error.message : String(error));
          return null;
        })
        .finally(() => {
          entry.done = true;
          fetching--;
        });
      pending.push(entry);
    }
    if (pending.length === 0) break;
    // Wait for any answer, then take the answers at the head, in request order.
    if (!pending[0]!.done) await Promise.race(pending.filter((p) => !p.done).map((p) => p.page));
    while (pending[0]?.done) {
      const head = pending.shift()!;
      const page = await head.page;
      if (!page) continue;
      const landed = withoutHash(page.finalUrl);
      // A link that redirects off the site, or to a page already read or requested before it, adds nothing.
      const requestedEarlier = landed !== head.url && (requestedAt.get(landed) ?? Infinity) < head.order;
      if (siteOf(landed) !== site || kept.has(landed) || requestedEarlier) continue;
      kept.add(landed);
      sections.push(page.section);
      queue.push(...page.links);
    }
  }
  return sections;
}

async function readListedPages(crawler: Crawler, links: string[]): Promise<ExtractedSection[]> {
  const unique = [...new Set(links)];
  const pages: Array<Page | null> = new Array(unique.length).fill(null);
  let firstError: { index: number; error: unknown } | undefined;
  let nextIndex = 0;
  const worker = async () => {
    for (let index = nextIndex++; index < unique.length; index = nextIndex++) {
      try {
        pages[index] = await crawler.fetchAllowed(unique[index]!);
      } catch (error) {
        crawler.onPageSkipped(unique[index]!, error instanceof Error ? error.message : String(error));
        if (!firstError || index < firstError.index) firstError = { index, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(crawler.concurrency, unique.length) }, worker));
  const sections = pages.filter((p): p is Page => p !== null).map((p) => p.section);
  if (sections.length === 0) throw firstError!.error;
  return sections;
}

/** robots.txt unreadable: the page's own fetch would meet the same fate, so it is told the same way. */
function robotsFailure(url: string, error: unknown): ExtractionError {
  if (error instanceof OutboundError) {
    return new ExtractionError(`Could not fetch ${url}: ${error.message}`, {
      cause: error,
      retryable: !(error instanceof UrlRefusedError),
    });
  }
  const detail = error instanceof RobotsUnavailableError ? error.message : 'robots.txt could not be read.';
  return new ExtractionError(`Could not fetch ${url}: ${detail}`, { cause: error, retryable: true });
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
