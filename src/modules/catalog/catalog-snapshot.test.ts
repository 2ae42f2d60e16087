import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createCatalogService } from './catalog.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A catalog service on the test database whose clock and statements the test sees. */
function observedCatalog() {
  let statements = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  let nowMs = 0;
  const catalog = createCatalogService({ db: t.deps.db.withPlugin(counting), logger: t.deps.logger, now: () => nowMs });
  return { catalog, statements: () => statements, advance: (ms: number) => void (nowMs += ms) };
}

describe('the catalog snapshot', () => {
  it('is read once however many requests ask for it at the same time', async () => {
    const one = observedCatalog();
    await one.catalog.snapshot();
    const perRead = one.statements();
    expect(perRead).toBeGreaterThan(0);

    const many = observedCatalog();
    const snapshots = await Promise.all(Array.from({ length: 20 }, () => many.catalog.snapshot()));
    expect(many.statements()).toBe(perRead);
    expect(new Set(snapshots).size).toBe(1);
  });

  it('answers from the old copy once it is 10 s old while one reload runs, then from the new one', async () => {
    const c = observedCatalog();
    const first = await c.catalog.snapshot();
    const perRead = c.statements();
    c.advance(9_999);
    expect(await c.catalog.snapshot()).toBe(first);
    expect(c.statements()).toBe(perRead);

    c.advance(1);
    const during = await Promise.all(Array.from({ length: 20 }, () => c.catalog.snapshot()));
    expect(during.every((s) => s === first)).toBe(true);
    // The reload runs behind the answers: poll until its copy answers (a slow database takes
    // longer than any fixed number of event-loop turns).
    const next = await vi.waitFor(
      async () => {
        const current = await c.catalog.snapshot();
        expect(current).not.toBe(first);
        return current;
      },
      { timeout: 10_000, interval: 5 },
    );
    expect(next.languages).toEqual(first.languages);
    expect(c.statements()).toBe(2 * perRead);
  });

  it('does not let a read started before a sync bring back the copy the sync replaced', async () => {
    const c = observedCatalog();
    const reading = c.catalog.snapshot();
    await c.catalog.sync();
    const before = await reading;
    const after = await c.catalog.snapshot();
    expect(after).not.toBe(before);
  });
});
