import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../core/net/index.js';
import { readWebsite, type CrawlOptions } from './extraction/website.js';
import { htmlPage, startSiteServer, type SitePage } from './fixtures/site-server.js';

const http = createHttpClient({ allowPrivateUrls: true, userAgent: 'Switchboard/test' });
afterAll(() => http.close());

let site: Awaited<ReturnType<typeof startSiteServer>> | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const page = (title: string, links: string[] = [], extra: Partial<SitePage> = {}): SitePage => ({
  body: htmlPage({ title, sections: [{ heading: title, paragraphs: [`All about ${title}.`] }], links }),
  ...extra,
});
const robots = (text: string): SitePage => ({ contentType: 'text/plain', body: text });

async function crawl(pages: Record<string, SitePage>, input: { limit?: number; links?: string[] } = {}, options: CrawlOptions = {}) {
  site = await startSiteServer(pages);
  const skipped: Array<{ url: string; reason: string }> = [];
  const source = input.links
    ? { url: null, links: input.links.map((l) => `${site!.url}${l}`), relativeLinksLimit: 10 }
    : { url: `${site.url}/`, links: null, relativeLinksLimit: input.limit ?? 10 };
  const sections = await readWebsite(http, source, { onPageSkipped: (url, reason) => skipped.push({ url, reason }), ...options });
  const paths = sections.map((s) => new URL(s.sourceUrl!).pathname);
  return { sections, paths, skipped, requested: site.requested, site };
}

describe('the crawler and robots.txt', () => {
  it('obeys Disallow and Allow of the group naming SwitchboardBot, and reports the pages it skipped', async () => {
    const result = await crawl({
      '/robots.txt': robots('User-agent: *\nDisallow: /\n\nUser-agent: SwitchboardBot\nDisallow: /private/\nAllow: /private/open\n'),
      '/': page('Home', ['/about', '/private/secret', '/private/open']),
      '/about': page('About'),
      '/private/secret': page('Secret'),
      '/private/open': page('Open'),
    });
    expect(result.paths).toEqual(['/', '/about', '/private/open']);
    expect(result.requested.filter((p) => p === '/robots.txt')).toHaveLength(1);
    expect([...result.requested].sort()).toEqual(['/', '/about', '/private/open', '/robots.txt']);
    expect(result.skipped).toEqual([
      {
        url: `${result.site.url}/private/secret`,
        reason: `${result.site.url}/private/secret is disallowed for SwitchboardBot by the site's robots.txt.`,
      },
    ]);
    expect(new Set(result.site.userAgents)).toEqual(new Set(['SwitchboardBot/1.0', 'Switchboard/test']));
    expect(result.site.userAgents[0]).toBe('SwitchboardBot/1.0');
  });

  it('falls back to the * group when none names us', async () => {
    const result = await crawl({
      '/robots.txt': robots('User-agent: OtherBot\nDisallow: /\n\nUser-agent: *\nDisallow: /drafts\n'),
      '/': page('Home', ['/drafts/one', '/about']),
      '/about': page('About'),
      '/drafts/one': page('Draft'),
    });
    expect(result.paths).toEqual(['/', '/about']);
    expect(result.requested).not.toContain('/drafts/one');
  });

  it('a start page the site disallows fails the document for good, after fetching only robots.txt', async () => {
    const result = crawl({ '/robots.txt': robots('User-agent: switchboardbot\nDisallow: /\n'), '/': page('Home') });
    await expect(result).rejects.toMatchObject({
      name: 'ExtractionError',
      retryable: false,
      message: expect.stringMatching(/\/ is disallowed for SwitchboardBot by the site's robots\.txt\.$/),
    });
    expect(site!.requested).toEqual(['/robots.txt']);
  });

  it('a robots.txt the server fails to give forbids crawling for now: a retryable failure', async () => {
    const result = crawl({ '/robots.txt': { status: 503, body: 'busy' }, '/': page('Home') });
    await expect(result).rejects.toMatchObject({
      name: 'ExtractionError',
      retryable: true,
      message: expect.stringMatching(
        /^Could not fetch http:\/\/127\.0\.0\.1:\d+\/: the server answered HTTP 503 for http:\/\/127\.0\.0\.1:\d+\/robots\.txt\.$/,
      ),
    });
    expect(site!.requested).toEqual(['/robots.txt']);
  });

  it('a missing robots.txt (404) allows everything', async () => {
    const result = await crawl({ '/': page('Home', ['/a', '/b']), '/a': page('A'), '/b': page('B') });
    expect(result.paths).toEqual(['/', '/a', '/b']);
  });

  it('listed pages obey robots.txt too; a list of only disallowed pages fails with the reason', async () => {
    const rules = robots('User-agent: *\nDisallow: /internal\n');
    const mixed = await crawl(
      { '/robots.txt': rules, '/faq': page('FAQ'), '/internal/a': page('Internal') },
      { links: ['/faq', '/internal/a'] },
    );
    expect(mixed.paths).toEqual(['/faq']);
    expect(mixed.requested).not.toContain('/internal/a');
    await site!.close();
    site = undefined;
    await expect(crawl({ '/robots.txt': rules, '/internal/a': page('Internal') }, { links: ['/internal/a'] })).rejects.toMatchObject({
      retryable: false,
      message: expect.stringMatching(/\/internal\/a is disallowed for SwitchboardBot/),
    });
  });

  it('spaces the starts of requests to a site by its Crawl-delay, capped at the maximum', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const pages = { '/': page('Home', ['/a', '/b', '/c']), '/a': page('A'), '/b': page('B'), '/c': page('C') };
    const polite = await crawl({ ...pages, '/robots.txt': robots('User-agent: *\nCrawl-delay: 2\n') }, {}, { sleep });
    expect(polite.paths).toEqual(['/', '/a', '/b', '/c']);
    // The start page goes at once; each later page waits its turn.
    expect(waits).toEqual([2000, 2000, 2000]);
    await site!.close();
    site = undefined;
    waits.length = 0;
    await crawl({ ...pages, '/robots.txt': robots('User-agent: *\nCrawl-delay: 600\n') }, {}, { sleep, maxCrawlDelayMs: 5000 });
    expect(waits).toEqual([5000, 5000, 5000]);
  });
});

describe('fetching several pages at once', () => {
  const links = Array.from({ length: 12 }, (_, i) => `/p${i}`);
  // The first links answer slowest, so pages arrive out of order.
  const slowSite = () => ({
    '/': page('Home', [...links, '/p3', '/moved']),
    '/moved': { redirectTo: '/p1' },
    ...Object.fromEntries(links.map((l, i) => [l, page(`Page ${i}`, [], { delayMs: 120 - i * 10 })])),
  });

  it('keeps 4 requests in flight, the page cap exact and the pages in link order', async () => {
    const result = await crawl(slowSite(), { limit: 6 });
    expect(result.paths).toEqual(['/', '/p0', '/p1', '/p2', '/p3', '/p4', '/p5']);
    expect(result.site.concurrency.max).toBe(4);
    // robots.txt, the start page and exactly the six pages kept: nothing fetched beyond the cap.
    expect(result.requested).toHaveLength(8);
  });

  it('reads one page at a time with concurrency 1, the same pages in the same order', async () => {
    const result = await crawl(slowSite(), { limit: 6 }, { concurrency: 1 });
    expect(result.paths).toEqual(['/', '/p0', '/p1', '/p2', '/p3', '/p4', '/p5']);
    expect(result.site.concurrency.max).toBe(1);
  });

  it('dedupes exactly: a repeated link and a redirect to a page already read add nothing', async () => {
    const result = await crawl(slowSite(), { limit: 20 });
    expect(result.paths).toEqual(['/', ...links]);
    expect(result.requested.filter((p) => p === '/p3')).toHaveLength(1);
    expect(result.requested).toContain('/moved');
  });

  it('a page that fails frees its slot for the next link, and the cap still counts pages read', async () => {
    const pages = { ...slowSite(), '/p0': { status: 500, body: 'down' } };
    const result = await crawl(pages, { limit: 3 });
    expect(result.paths).toEqual(['/', '/p1', '/p2', '/p3']);
    expect(result.skipped.map((s) => s.url)).toEqual([`${result.site.url}/p0`]);
  });
});
