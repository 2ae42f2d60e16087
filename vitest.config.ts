import { defineConfig } from 'vitest/config';

/**
 * Files that replace a module (vi.mock) run each in a fresh process, so the replacement reaches
 * no other file. Every other file shares its worker's process with the files before it: the app's
 * module graph is imported, and the embedded database's WebAssembly compiled, once per worker
 * instead of once per file, which was a third of a file's time. Each file still gets its own
 * database, app and fake servers (test/helpers), and module-level state in src/ is limited to
 * memoised pure values, so nothing a test reads depends on the files before it.
 */
const ISOLATED = ['test/body-isolation.test.ts', 'test/body-schemas-closed.test.ts', 'test/route-roles.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'console/src/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
        },
      },
    ],
  },
});
