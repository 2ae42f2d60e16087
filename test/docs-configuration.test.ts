import { describe, expect, it } from 'vitest';
import { readCommittedConfigurationPage, renderConfigurationPage } from '../scripts/generate-docs.js';

describe('docs/configuration.md', () => {
  it('is what the configuration schema generates today (after changing src/config.ts: npm run generate:docs)', async () => {
    const committed = await readCommittedConfigurationPage();
    const generated = renderConfigurationPage();
    const a = committed.split('\n');
    const b = generated.split('\n');
    const line = a.findIndex((text, i) => text !== b[i]);
    const at = line === -1 ? a.length : line;
    // Compared as a sentence: a failure names the first differing line instead of printing the page.
    expect(
      committed === generated
        ? null
        : `docs/configuration.md is stale, run npm run generate:docs (line ${at + 1}: committed ${JSON.stringify(a[at] ?? '(end)')}, generated ${JSON.stringify(b[at] ?? '(end)')})`,
    ).toBeNull();
  });
});
