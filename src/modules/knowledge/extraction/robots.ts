import { createRequire } from 'node:module';
import { OutboundError, type HttpClient } from '../../../core/net/index.js';

/** The part of robots-parser we use. */
interface RobotsTxt {
  isAllowed(url: string, userAgent?: string): boolean | undefined;
  getCrawlDelay(userAgent?: string): number | undefined;
}

// robots-parser is CommonJS, and its typings (a bare `declare module` beside an ES default
// export) leave the function uncallable under NodeNext; required directly it is that function.
const robotsParser = createRequire(import.meta.url)('robots-parser') as (url: string, contents: string) => RobotsTxt;

/** The name site owners address us by in robots.txt, and the product token of our User-Agent. */
export const CRAWLER_NAME = 'SwitchboardBot';
export const CRAWLER_USER_AGENT = `${CRAWLER_NAME}/1.0`;

// robots.txt files are small; RFC 9309 asks crawlers to read at least 500 KiB of one.
const ROBOTS_MAX_BYTES = 512 * 1024;
const ROBOTS_TIMEOUT_MS = 10_000;
const ROBOTS_MAX_REDIRECTS = 5;
/** Crawl-delay is obeyed up to this; a site asking for more still gets one page at a time. */
export const MAX_CRAWL_DELAY_MS = 5_000;

export interface SiteRules {
  isAllowed(url: string): boolean;
  /** The pause between two requests to the site; 0 when robots.txt asks for none. */
  crawlDelayMs: number;
}

/** Why robots.txt could not be read in a way that forbids crawling for now (RFC 9309 §2.3.1.4). */
export class RobotsUnavailableError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'RobotsUnavailableError';
  }
}

const ALLOW_ALL: SiteRules = { isAllowed: () => true, crawlDelayMs: 0 };

/**
 * The robots.txt rules of each origin one crawl visits, each fetched once through the
 * SSRF-guarded client. As RFC 9309 says: a robots.txt that does not exist (any 4xx) allows
 * everything; one the server fails to give (5xx, network error) forbids everything until it can
 * be read, which the caller turns into a retry. A refused address rejects with the client's error.
 */
export function createRobotsRules(http: HttpClient, maxCrawlDelayMs = MAX_CRAWL_DELAY_MS) {
  const byOrigin = new Map<string, Promise<SiteRules>>();

  async function load(origin: string): Promise<SiteRules> {
    const robotsUrl = `${origin}/robots.txt`;
    const response = await http.request(robotsUrl, {
      timeoutMs: ROBOTS_TIMEOUT_MS,
      maxResponseBytes: ROBOTS_MAX_BYTES,
      maxRedirects: ROBOTS_MAX_REDIRECTS,
      headers: { 'user-agent': CRAWLER_USER_AGENT, accept: 'text/plain,*/*;q=0.5' },
    });
    if (response.status >= 400 && response.status < 500) return ALLOW_ALL;
    if (response.status < 200 || response.status >= 300) {
      throw new RobotsUnavailableError(`the server answered HTTP ${response.status} for ${robotsUrl}.`);
    }
    const robots = robotsParser(robotsUrl, response.body.toString('utf8'));
    const delaySeconds = Number(robots.getCrawlDelay(CRAWLER_NAME) ?? 0);
    return {
      // A URL on another origin is answered undefined; every caller asks about its own origin.
      isAllowed: (url) => robots.isAllowed(url, CRAWLER_NAME) !== false,
      crawlDelayMs: Number.isFinite(delaySeconds) && delaySeconds > 0 ? Math.min(delaySeconds * 1000, maxCrawlDelayMs) : 0,
    };
  }

  return {
    /** The rules for the origin of `url`; the first call for an origin fetches its robots.txt. */
    forUrl(url: string): Promise<SiteRules> {
      const origin = new URL(url).origin;
      let rules = byOrigin.get(origin);
      if (!rules) {
        rules = load(origin).catch((error: unknown) => {
          if (error instanceof OutboundError || error instanceof RobotsUnavailableError) throw error;
          throw new RobotsUnavailableError(`${origin}/robots.txt could not be read.`, error);
        });
        byOrigin.set(origin, rules);
      }
      return rules;
    },
  };
}

/**
 * Spaces the starts of requests to one origin by its crawl delay: each request waits for the
 * previous one's turn plus the delay. Without a delay requests start at once.
 */
export function createPacer(sleep: (ms: number) => Promise<void>) {
  const lastTurn = new Map<string, Promise<void>>();
  return {
    turn(url: string, delayMs: number): Promise<void> {
      if (delayMs <= 0) return Promise.resolve();
      const origin = new URL(url).origin;
      const previous = lastTurn.get(origin);
      const turn = previous ? previous.then(() => sleep(delayMs)) : Promise.resolve();
      lastTurn.set(origin, turn);
      return turn;
    },
  };
}
