import { bearer, createUser } from './factories.js';
import { chatappEnv, createCloudSender } from './chatapp.js';
import { fileFixture, lateBound } from './file-fixture.js';
import { startFakeGraph } from './fakes/graph.js';
import { buildTestApp } from './test-app.js';

/**
 * A test app on the fake Graph API with one user and one cloud_api sender, and the ids of the
 * sender's templates (all statuses) by name.
 */
export async function startCloudSenderApp() {
  const graph = await startFakeGraph();
  const t = await buildTestApp({ env: chatappEnv(graph) });
  const owner = await createUser(t.deps);
  const sender = await createCloudSender(t.app, graph, owner.token);
  const all = await t.app.inject({
    method: 'GET',
    url: `/api/user/chatapp/senders/${sender.id}/templates?status=all`,
    headers: bearer(owner.token),
  });
  const templateIds: Record<string, number> = Object.fromEntries(all.json().data.map((x: { name: string; id: number }) => [x.name, x.id]));
  return {
    graph,
    t,
    owner,
    sender,
    templateIds,
    async close() {
      await t.close();
      await graph.close();
    },
  };
}

type CloudSenderApp = Awaited<ReturnType<typeof startCloudSenderApp>>;

/**
 * One cloud sender app for the test file. Before each test the fake forgets what it received
 * and the clock moves to a fresh second, so the 5 sends per second limit only bites where a
 * test means it to.
 */
export function useCloudSenderApp() {
  const app = fileFixture('the cloud sender app', startCloudSenderApp, {
    close: (started) => started.close(),
    reset(started) {
      started.graph.reset();
      started.t.clock.advance(1_000);
    },
  });
  const part = <K extends keyof CloudSenderApp>(key: K) =>
    lateBound(() => app[key] as CloudSenderApp[K] & object, `the cloud sender app's ${key}`);
  return { graph: part('graph'), t: part('t'), owner: part('owner'), sender: part('sender'), templateIds: part('templateIds') };
}
