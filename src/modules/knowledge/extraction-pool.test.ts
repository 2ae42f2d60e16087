import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createExtractionPool } from './extraction/extraction-pool.js';
import { ExtractionError } from './extraction/text-blocks.js';
import { buildDocx } from './fixtures/docx-builder.js';
import { buildPdf, type PdfBlock } from './fixtures/pdf-builder.js';
import { isProcessAlive } from '../../core/process-alive.js';

const PARAGRAPH = 'Mount the bracket on a load-bearing wall using the four supplied anchors and check the level twice. ';

/** A PDF of sections of most of a page each, under their own headings. */
function manyPagePdf(sections: number): Buffer {
  return buildPdf(
    Array.from({ length: sections }, (_, i): PdfBlock[] => [{ heading: `Section ${i + 1}` }, { paragraph: PARAGRAPH.repeat(30) }]).flat(),
  );
}

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page /g)?.length ?? 0;

/** A PDF of exactly `pages` pages (a section is less than a page, so no count is skipped). */
function pdfOfPages(pages: number): Buffer {
  for (let sections = 1; ; sections++) {
    const pdf = manyPagePdf(sections);
    if (pageCount(pdf) === pages) return pdf;
  }
}

describe('the extraction pool', () => {
  const pool = createExtractionPool({ size: 1, maxPages: 3, maxBytes: 64 * 1024 });
  afterAll(() => pool.close());

  it('reads a pdf and a docx in a child process, with the same blocks as before', async () => {
    const pdf = buildPdf([{ heading: 'Installation' }, { paragraph: 'Mount the bracket on the wall.' }]);
    expect(await pool.extract('pdf', pdf)).toEqual([
      {
        sourceUrl: null,
        blocks: [
          { kind: 'heading', level: 1, text: 'Installation' },
          { kind: 'paragraph', text: 'Mount the bracket on the wall.' },
        ],
      },
    ]);
    const docx = buildDocx([{ heading: 'Holidays' }, { paragraph: 'Twenty-five days.' }]);
    expect(await pool.extract('docx', docx)).toEqual([
      {
        sourceUrl: null,
        blocks: [
          { kind: 'heading', level: 1, text: 'Holidays' },
          { kind: 'paragraph', text: 'Twenty-five days.' },
        ],
      },
    ]);
  });

  it("keeps the reader's reasons as final extraction errors", async () => {
    const corrupt = pool.extract('pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> no cross-reference table'));
    await expect(corrupt).rejects.toBeInstanceOf(ExtractionError);
    await expect(corrupt).rejects.toMatchObject({
      retryable: false,
      message: expect.stringMatching(/^The file is not a readable PDF \(.+\)\.$/),
    });
    await expect(pool.extract('pdf', buildPdf([]))).rejects.toMatchObject({
      message: 'No text could be extracted from the PDF (scanned images are not supported).',
    });
  });

  it('refuses a pdf with more pages than the cap before reading them', async () => {
    await expect(pool.extract('pdf', pdfOfPages(4))).rejects.toMatchObject({
      name: 'ExtractionError',
      retryable: false,
      message: 'The PDF has 4 pages; at most 3 can be read. Split it into smaller files.',
    });
    const allowed = await pool.extract('pdf', pdfOfPages(3));
    expect(allowed[0]!.blocks[0]).toEqual({ kind: 'heading', level: 1, text: 'Section 1' });
  });

  it('refuses a file over the size cap without starting a child', async () => {
    await expect(pool.extract('pdf', Buffer.alloc(64 * 1024 + 1))).rejects.toMatchObject({
      name: 'ExtractionError',
      message: 'The file is larger than 64 KB; split it into smaller files.',
    });
  });

  it('kills a child that runs past the timeout; the next file gets a fresh one', async () => {
    const impatient = createExtractionPool({ size: 1, timeoutMs: 1 });
    try {
      await expect(impatient.extract('pdf', manyPagePdf(2))).rejects.toMatchObject({
        name: 'ExtractionError',
        retryable: false,
        message: 'Reading the file took longer than 1 ms; split it into smaller files.',
      });
    } finally {
      await impatient.close();
    }
  });

  it("fails a file that exhausts the child's heap with a reason, not a retry", async () => {
    // From source the parsers alone need more than 16 MB (compiled about 10), so any file
    // exhausts this heap: what is tested is how V8 giving up is reported.
    const cramped = createExtractionPool({ size: 1, maxHeapMb: 16 });
    try {
      await expect(cramped.extract('pdf', buildPdf([{ paragraph: 'Cramped.' }]))).rejects.toMatchObject({
        name: 'ExtractionError',
        retryable: false,
        message: 'The file is too large or complex to read; split it into smaller files.',
      });
    } finally {
      await cramped.close();
    }
  });

  it('files wait their turn and each gets its own answer', async () => {
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((word) => pool.extract('pdf', buildPdf([{ paragraph: `Page ${word}.` }]))),
    );
    expect(answers.map((a) => a[0]!.blocks[0]!.text)).toEqual(['Page One.', 'Page Two.', 'Page Three.']);
  });
});

describe('the extraction children', () => {
  const waitUntil = async (condition: () => boolean, what: string) => {
    for (const deadline = Date.now() + 10_000; !condition(); ) {
      if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('exit when idle, returning their memory; the next file starts a fresh one', async () => {
    const pool = createExtractionPool({ size: 1, idleMs: 50 });
    try {
      await pool.extract('pdf', buildPdf([{ paragraph: 'First.' }]));
      const [first] = pool.childPids();
      expect(first).toBeTypeOf('number');
      await waitUntil(() => pool.childPids().length === 0 && !isProcessAlive(first!), 'the idle child to exit');
      const again = await pool.extract('pdf', buildPdf([{ paragraph: 'Second.' }]));
      expect(again[0]!.blocks).toEqual([{ kind: 'paragraph', text: 'Second.' }]);
      expect(pool.childPids()).not.toContain(first);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('are killed on close, and a file being read fails', async () => {
    const pool = createExtractionPool({ size: 1 });
    const reading = pool.extract('pdf', manyPagePdf(150));
    await waitUntil(() => pool.childPids().length === 1, 'the child to start');
    const [pid] = pool.childPids();
    const refused = expect(reading).rejects.toThrow('The extraction pool is closed.');
    await pool.close();
    await refused;
    expect(isProcessAlive(pid!)).toBe(false);
    await expect(pool.extract('pdf', buildPdf([{ paragraph: 'Late.' }]))).rejects.toThrow('The extraction pool is closed.');
  }, 60_000);
});

describe('a large pdf being read', () => {
  let t: TestApp;
  const pool = createExtractionPool({ size: 1 });

  beforeAll(async () => {
    t = await buildTestApp();
    // Start the child before measuring: its first start is a one-off cost.
    await pool.extract('pdf', buildPdf([{ paragraph: 'Warm.' }]));
  });
  afterAll(async () => {
    await pool.close();
    await t?.close();
  });

  it('does not stall other requests: the event loop stays free while it is parsed', async () => {
    // A few seconds of pdf.js work on this machine; on the main thread it blocked the event
    // loop for most of that time.
    const pdf = manyPagePdf(150);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const utilisationBefore = performance.eventLoopUtilization();
    delay.enable();
    let done = false;
    const reading = pool.extract('pdf', pdf).finally(() => (done = true));
    const healthLatenciesMs: number[] = [];
    while (!done) {
      const started = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      healthLatenciesMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const sections = await reading;
    delay.disable();
    const utilisation = performance.eventLoopUtilization(utilisationBefore);

    expect(sections[0]!.blocks.filter((b) => b.kind === 'heading')).toHaveLength(150);
    // The machine is shared: the bounds leave room for scheduling noise, and still sit far
    // below what parsing on this thread costs (a stall of a second or more, utilisation near 1).
    expect(healthLatenciesMs.length).toBeGreaterThan(10);
    expect(delay.max / 1e6).toBeLessThan(400);
    expect(Math.max(...healthLatenciesMs)).toBeLessThan(400);
    expect(utilisation.utilization).toBeLessThan(0.5);
  }, 60_000);
});
