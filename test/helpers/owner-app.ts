import { apiFor } from './assistants.js';
import { createUser } from './factories.js';
import { fileFixture, lateBound } from './file-fixture.js';
import { buildTestApp } from './test-app.js';

/**
 * One test app for the test file with one user in it: `t`, the user's `api` and the `owner`
 * record, read inside the tests (they exist once the file's beforeAll has run).
 */
export function useOwnerApp() {
  const app = fileFixture(
    'the test app',
    async () => {
      const t = await buildTestApp();
      const { user, token } = await createUser(t.deps);
      return { t, api: apiFor(t, token), owner: user };
    },
    { close: (started) => started.t.close() },
  );
  return {
    t: lateBound(() => app.t, 'the test app'),
    api: lateBound(() => app.api, "the owner's api"),
    owner: lateBound(() => app.owner, 'the owner'),
  };
}
