import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from './helpers/test-app.js';
import { startVoiceApp, type VoiceTestApp } from './helpers/voice.js';
import { createTrunk } from './helpers/sip-trunks.js';
import { createUser, TEST_ACTOR } from './helpers/factories.js';
import { apiFor, createAssistant, createPhoneNumber, type Api } from './helpers/assistants.js';
import { createSimulatorSender } from './helpers/chatapp.js';
import { addMember } from './helpers/members.js';
import { recordedRouteKeys } from './helpers/route-recorder.js';
import { knowledgeApi, processDocuments } from '../src/modules/knowledge/fixtures/knowledge-api.js';
import { createKnowledgeRepo } from '../src/modules/knowledge/knowledge.repo.js';
import { createGroupsRepo } from '../src/modules/assistants/groups.repo.js';
import { createAssistantsRepo, toSettings } from '../src/modules/assistants/assistants.repo.js';

vi.mock('fastify', async (importOriginal) => (await import('./helpers/route-recorder.js')).recordingFastify(await importOriginal()));

/**
 * Issue 10 §1: a body key a route does not name never reaches a row. For every update route, A
 * sends one legitimate field together with ids, B's ids, column names and unknown keys; only
 * the legitimate field (and updated_at) of A's row may change, in the whole database.
 */

interface Account {
  userId: number;
  api: Api;
  knowledge: ReturnType<typeof knowledgeApi>;
  kb: number;
  doc: number;
  assistant: { id: number; uuid: string };
  folder: number;
  label: number;
  tool: number;
  phone: number;
  trunk: number;
  sender: number;
  campaign: number;
  lead: number;
  /** A second member of the account (a viewer). */
  member: number;
}

interface UpdateRoute {
  method: 'PUT' | 'PATCH';
  /** The route as registered, to prove every update route is in this table. */
  route: string;
  url(a: Account): string;
  /** B's resource of the same kind: sent as `id`. */
  foreignId(b: Account): number;
  legit: Record<string, unknown>;
  read(a: Account): Promise<Record<string, unknown>>;
  envelope(after: Record<string, any>): unknown;
  table: string;
  rowId(a: Account): number;
  changed: string[];
  /** What the change legitimately recomputes in A's own rows (a renamed document is re-indexed). */
  derived?(difference: Difference, a: Account): boolean;
}

const pick = (row: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k]]));

async function ok(res: Promise<{ statusCode: number; json(): any; body: string }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json().data;
}

const ROUTES: UpdateRoute[] = [
  {
    method: 'PATCH',
    route: '/api/user/members/:id',
    url: (a) => `/api/user/members/${a.member}`,
    foreignId: (b) => b.member,
    legit: { role: 'editor' },
    read: async (a) =>
      (await a.api.get('/api/user/members')).json().members.find((m: { id: number }) => m.id === a.member) as Record<string, unknown>,
    envelope: (after) => ({ message: 'Member updated.', member: after }),
    table: 'members',
    rowId: (a) => a.member,
    changed: ['role', 'updated_at'],
    // Its audit row, in A's log.
    derived: (d, a) =>
      d.table === 'audit_events' && d.text.endsWith(': added') && d.row.user_id === a.userId && d.row.action === 'member.role_changed',
  },
  {
    method: 'PUT',
    route: '/api/user/knowledgebases/:id',
    url: (a) => `/api/user/knowledgebases/${a.kb}`,
    foreignId: (b) => b.kb,
    legit: { name: 'Renamed base' },
    read: (a) => a.knowledge.knowledgebase(a.kb),
    envelope: (after) => ({ message: 'Knowledgebase updated successfully.', data: after }),
    table: 'knowledgebases',
    rowId: (a) => a.kb,
    changed: ['name', 'updated_at'],
  },
  {
    method: 'PUT',
    route: '/api/user/knowledgebases/:id/documents/:docId',
    url: (a) => `/api/user/knowledgebases/${a.kb}/documents/${a.doc}`,
    foreignId: (b) => b.doc,
    legit: { name: 'Renamed document' },
    read: (a) => a.knowledge.document(a.kb, a.doc),
    envelope: (after) => ({ message: 'Document updated successfully.', data: after }),
    table: 'knowledge_documents',
    rowId: (a) => a.doc,
    changed: ['name', 'updated_at'],
    // The title is part of the search text: the document's chunks and its base's lexicon follow.
    derived: (d, a) =>
      (d.table === 'knowledge_chunks' && d.row.document_id === a.doc && d.text.endsWith(': search_vector')) ||
      (d.table === 'knowledge_lexemes' && d.row.knowledgebase_id === a.kb),
  },
  ...(['folder', 'label'] as const).map(
    (kind): UpdateRoute => ({
      method: 'PUT',
      route: `/api/user/${kind}/:id`,
      url: (a) => `/api/user/${kind}/${a[kind]}`,
      foreignId: (b) => b[kind],
      legit: { name: `Renamed ${kind}` },
      read: (a) => ok(a.api.get(`/api/user/${kind}/${a[kind]}`)),
      envelope: (after) => ({ message: `${kind === 'folder' ? 'Folder' : 'Label'} updated successfully`, data: after }),
      table: `${kind}s`,
      rowId: (a) => a[kind],
      changed: ['name', 'updated_at'],
    }),
  ),
  {
    method: 'PUT',
    route: '/api/user/tools/:id',
    url: (a) => `/api/user/tools/${a.tool}`,
    foreignId: (b) => b.tool,
    legit: { description: 'Looks up an order by its number' },
    read: (a) => ok(a.api.get(`/api/user/tools/${a.tool}`)),
    envelope: (after) => ({ message: 'Tool updated successfully', data: after }),
    table: 'custom_tools',
    rowId: (a) => a.tool,
    changed: ['description', 'updated_at'],
  },
  {
    method: 'PUT',
    route: '/api/user/phone-numbers/:id',
    url: (a) => `/api/user/phone-numbers/${a.phone}`,
    foreignId: (b) => b.phone,
    legit: { nickname: 'Front desk' },
    read: async (a) => ((await ok(a.api.get('/api/user/phone-numbers/all'))) as Array<{ id: number }>).find((n) => n.id === a.phone)!,
    envelope: (after) => ({
      message: 'Phone number updated successfully.',
      data: pick(after, ['id', 'phone_number', 'nickname', 'country_code', 'type']),
    }),
    table: 'phone_numbers',
    rowId: (a) => a.phone,
    changed: ['nickname', 'updated_at'],
  },
  {
    method: 'PUT',
    route: '/api/user/phone-numbers/sip-trunks/:id',
    url: (a) => `/api/user/phone-numbers/sip-trunks/${a.trunk}`,
    foreignId: (b) => b.trunk,
    legit: { nickname: 'Backup carrier' },
    read: (a) => ok(a.api.get(`/api/user/phone-numbers/sip-trunks/${a.trunk}`)),
    envelope: (after) => ({ message: 'SIP trunk updated successfully.', data: after }),
    table: 'phone_numbers',
    rowId: (a) => a.trunk,
    changed: ['nickname', 'updated_at'],
    // The trunk's own settings row (keyed by its number, so a change shows as removed and added)
    // is touched with the number.
    derived: (d, a) => d.table === 'sip_trunks' && d.row.phone_number_id === a.trunk,
  },
  {
    method: 'PATCH',
    route: '/api/user/chatapp/senders/:id',
    url: (a) => `/api/user/chatapp/senders/${a.sender}`,
    foreignId: (b) => b.sender,
    legit: { display_name: 'Renamed sender' },
    read: (a) => ok(a.api.get(`/api/user/chatapp/senders/${a.sender}`)),
    envelope: (after) => ({ success: true, message: 'Sender updated successfully.', data: after }),
    table: 'chatapp_senders',
    rowId: (a) => a.sender,
    changed: ['display_name', 'updated_at'],
  },
  ...(['PUT', 'PATCH'] as const).map(
    (method): UpdateRoute => ({
      method,
      route: '/api/user/assistant/:id',
      url: (a) => `/api/user/assistant/${a.assistant.id}`,
      foreignId: (b) => b.assistant.id,
      legit: { name: `Renamed by ${method}` },
      read: (a) => ok(a.api.get(`/api/user/assistant/${a.assistant.id}`)),
      envelope: (after) => ({ message: 'Assistant updated successfully', data: pick(after, ['id', 'name', 'status', 'type', 'mode']) }),
      table: 'assistants',
      rowId: (a) => a.assistant.id,
      changed: ['name', 'updated_at', 'version'],
      // Its audit row, in A's log, naming the one field that changed.
      derived: (d, a) =>
        d.table === 'audit_events' &&
        d.text.endsWith(': added') &&
        d.row.user_id === a.userId &&
        d.row.resource_id === String(a.assistant.id) &&
        JSON.stringify(d.row.details) === '{"fields":["name"]}',
    }),
  ),
  {
    method: 'PUT',
    route: '/api/user/campaigns/:id',
    url: (a) => `/api/user/campaigns/${a.campaign}`,
    foreignId: (b) => b.campaign,
    legit: { name: 'Renamed campaign' },
    read: (a) => ok(a.api.get(`/api/user/campaigns/${a.campaign}`)),
    envelope: (after) => ({ message: 'Campaign updated successfully', data: after }),
    table: 'campaigns',
    rowId: (a) => a.campaign,
    changed: ['name', 'updated_at'],
  },
  {
    method: 'PUT',
    route: '/api/user/leads/:id',
    url: (a) => `/api/user/leads/${a.lead}`,
    foreignId: (b) => b.lead,
    legit: { variables: { plan: 'pro' } },
    read: (a) => ok(a.api.get(`/api/user/leads/${a.lead}`)),
    envelope: () => ({ message: 'Lead updated successfully' }),
    table: 'leads',
    rowId: (a) => a.lead,
    changed: ['updated_at', 'variables'],
  },
];

/** Keys no update route may write: ids, B's ids, columns that are not API fields, unknown keys. */
function hostileKeys(b: Account, route: UpdateRoute): Record<string, unknown> {
  return {
    id: route.foreignId(b),
    user_id: b.userId,
    uuid: b.assistant.uuid,
    knowledgebase_id: b.kb,
    document_id: b.doc,
    assistant_id: b.assistant.id,
    origin_assistant_id: b.assistant.id,
    sender_id: b.sender,
    folder_id: b.folder,
    label_id: b.label,
    label_ids: [b.label],
    tool_id: b.tool,
    tool_ids: [b.tool],
    phone_number_id: b.phone,
    text_search_config: 'nonsense',
    status: 'failed',
    type: 'website',
    chunks_count: 999,
    source_url: 'http://169.254.169.254/',
    phone_number: '+40 722 999 999',
    access_token_sealed: 'forged',
    balance_micros: 999_000_000,
    widget_daily_budget_micros: 1,
    created_at: '2000-01-01T00:00:00.000Z',
    updated_at: '2000-01-01T00:00:00.000Z',
    unknown_key: 'x',
    nested: { user_id: b.userId, id: route.foreignId(b) },
  };
}

/** Every row of every table, as JSON, so a test can say exactly what a request changed. */
async function snapshot(t: TestApp): Promise<Map<string, Map<string, Record<string, unknown>>>> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'
    ORDER BY table_name`.execute(t.deps.db);
  const result = new Map<string, Map<string, Record<string, unknown>>>();
  for (const { name } of tables) {
    const { rows } = await sql<{ row: Record<string, unknown> }>`SELECT to_jsonb(t) AS row FROM ${sql.table(name)} t`.execute(t.deps.db);
    const byKey = new Map<string, Record<string, unknown>>();
    for (const { row } of rows) {
      // Authenticating a request stamps the token; that is not a write of the request body.
      if (name === 'access_tokens') delete row.last_used_at;
      byKey.set('id' in row ? String(row.id) : JSON.stringify(row), row);
    }
    result.set(name, byKey);
  }
  return result;
}

interface Difference {
  table: string;
  row: Record<string, unknown>;
  /** `table#id: changed,columns` (or `added`, `removed`). */
  text: string;
}

/** Every row that differs (with its changed columns), was added or was removed. */
function differences(before: Awaited<ReturnType<typeof snapshot>>, after: Awaited<ReturnType<typeof snapshot>>): Difference[] {
  const found: Difference[] = [];
  for (const [table, rows] of after) {
    const old = before.get(table) ?? new Map<string, Record<string, unknown>>();
    for (const [key, row] of rows) {
      const previous = old.get(key);
      if (!previous) {
        found.push({ table, row, text: `${table}#${key}: added` });
        continue;
      }
      const columns = Object.keys(row).filter((c) => JSON.stringify(row[c]) !== JSON.stringify(previous[c]));
      if (columns.length > 0) found.push({ table, row, text: `${table}#${key}: ${columns.sort().join(',')}` });
    }
    for (const [key, row] of old) if (!rows.has(key)) found.push({ table, row, text: `${table}#${key}: removed` });
  }
  return found;
}

describe('update routes write only the fields they name', () => {
  let v: VoiceTestApp;
  let t: TestApp;
  let a: Account;
  let b: Account;
  let phoneSequence = 0;

  async function account(): Promise<Account> {
    const { user, token } = await createUser(t.deps);
    const api = apiFor(t, token);
    const knowledge = knowledgeApi(t, token);
    const kb = await knowledge.createKnowledgebase('Handbook', 'Company handbook');
    const doc = await knowledge.addDocument(kb, {
      name: 'Vault',
      type: 'txt',
      content: 'The vault code is 1234. Opening hours are nine to five.',
    });
    expect(doc.status).toBe(201);
    phoneSequence += 1;
    const assistant = await createAssistant(api);
    const campaign = await ok(api.post('/api/user/campaign', { name: 'Outreach', assistant_id: assistant.id, timezone: 'UTC' })).then(
      (d) => d.id,
    );
    const lead = await ok(api.post('/api/user/lead', { campaign_id: campaign, phone_number: `+1415555020${phoneSequence}` })).then(
      (d) => d.id,
    );
    return {
      userId: user.id,
      api,
      knowledge,
      kb,
      doc: doc.body.data.id,
      assistant,
      campaign,
      lead,
      folder: await ok(api.post('/api/user/folder', { name: 'Sales' })).then((d) => d.id),
      label: await ok(api.post('/api/user/label', { name: 'VIP' })).then((d) => d.id),
      tool: await ok(
        api.post('/api/user/tools', {
          name: 'lookup_order',
          description: 'Looks up an order',
          endpoint: 'https://example.com/orders',
          method: 'GET',
        }),
      ).then((d) => d.id),
      phone: await createPhoneNumber(api, `+1415555010${phoneSequence}`),
      trunk: (await createTrunk(api, { phone_number: `+1415555030${phoneSequence}`, nickname: 'Carrier' })).id,
      sender: (await createSimulatorSender(t.app, token, { phone_number: `+44207123456${phoneSequence}` })).id,
      member: (await addMember(t.app, token, 'viewer')).id,
    };
  }

  beforeAll(async () => {
    // The fake Twilio lets each account bring a SIP trunk.
    v = await startVoiceApp();
    t = v.t;
    a = await account();
    b = await account();
    await processDocuments(t);
  });
  afterAll(async () => v?.close());

  it('covers every PUT and PATCH route of the app', () => {
    const registered = [
      ...new Set(
        recordedRouteKeys()
          .filter((r) => r.method === 'PUT' || r.method === 'PATCH')
          .map((r) => r.key),
      ),
    ].sort();
    expect(registered).toEqual(ROUTES.map((r) => `${r.method} ${r.route}`).sort());
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.route}: only ${Object.keys(route.legit).join(', ')} changes, in A's row alone`, async () => {
      const bodySchema = recordedRouteKeys().find((r) => r.key === `${route.method} ${route.route}`)!.route.schema?.body as {
        properties: object;
      };
      const accepted = new Set(Object.keys(bodySchema.properties));
      // Fields this route really takes (assistant_id on a sender, folder_id on an assistant) are
      // checked for ownership by their own tests; here every key is one the route must ignore.
      const hostile = Object.fromEntries(Object.entries(hostileKeys(b, route)).filter(([key]) => !accepted.has(key)));
      const before = await route.read(a);
      const rowsBefore = await snapshot(t);
      const now = t.clock.advance(60_000);

      const res = await (route.method === 'PUT' ? a.api.put : a.api.patch)(route.url(a), { ...hostile, ...route.legit });

      expect(res.statusCode, res.body).toBe(200);
      const after = await route.read(a);
      expect(res.json()).toEqual(route.envelope(after));
      const expected: Record<string, unknown> = { ...before, ...route.legit };
      if ('updated_at' in before) {
        expected.updated_at = after.updated_at;
        expect(Date.parse(after.updated_at as string)).toBe(now.getTime());
      }
      expect(after).toEqual(expected);
      const changes = differences(rowsBefore, await snapshot(t)).filter((d) => !route.derived?.(d, a));
      expect(changes.map((d) => d.text)).toEqual([`${route.table}#${route.rowId(a)}: ${route.changed.join(',')}`]);
    });
  }

  it("leaves both accounts' knowledge search working", async () => {
    for (const account of [a, b]) {
      const res = await account.knowledge.search(account.kb, 'vault code');
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ document_id: account.doc });
    }
  });
});

describe('a knowledge base PUT with text_search_config', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('is ignored: the body answers as for an empty update and search keeps working', async () => {
    t = await buildTestApp();
    const { token } = await createUser(t.deps);
    const api = knowledgeApi(t, token);
    const kb = await api.createKnowledgebase('Handbook', 'Company handbook');
    const doc = (await api.addDocument(kb, { name: 'Vault', type: 'txt', content: 'The vault code is 1234.' })).body.data.id;
    await processDocuments(t);
    const hits = (await api.search(kb, 'vault code')).body;
    expect(hits.data).toHaveLength(1);
    const before = await api.knowledgebase(kb);
    const documentBefore = await api.document(kb, doc);

    const now = t.clock.advance(1_000);
    const res = await api.call('PUT', `/api/user/knowledgebases/${kb}`, { text_search_config: 'nonsense' });
    const after = await api.knowledgebase(kb);
    expect(res).toEqual({
      status: 200,
      body: { message: 'Knowledgebase updated successfully.', data: { ...before, updated_at: after.updated_at } },
    });
    expect(Date.parse(after.updated_at)).toBe(now.getTime());

    const docRes = await api.call('PUT', `/api/user/knowledgebases/${kb}/documents/${doc}`, { text_search_config: 'nonsense' });
    expect(docRes.status).toBe(200);
    expect(docRes.body.data).toEqual({ ...documentBefore, updated_at: docRes.body.data.updated_at });

    expect(await api.search(kb, 'vault code')).toEqual({ status: 200, body: hits });
    const stored = await t.deps.db
      .selectFrom('knowledge_documents')
      .select('text_search_config')
      .where('id', '=', doc)
      .executeTakeFirstOrThrow();
    expect(stored.text_search_config).not.toBe('nonsense');
  });
});

describe('repositories write only the columns they name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  // Defence in depth behind the closed schemas: a patch object carrying more than its type says
  // (a future route that forgets to close its body) still writes only the named columns.
  it('ignores keys a patch object carries beyond its type', async () => {
    const owner = await createUser(t.deps);
    const intruder = await createUser(t.deps);
    const api = apiFor(t, owner.token);
    const knowledge = knowledgeApi(t, owner.token);
    const kb = await knowledge.createKnowledgebase('Handbook', null);
    const foreignKb = await knowledgeApi(t, intruder.token).createKnowledgebase('Theirs', null);
    const doc = (await knowledge.addDocument(kb, { name: 'Vault', type: 'txt', content: 'The vault code is 1234.' })).body.data.id;
    const folder = (await ok(api.post('/api/user/folder', { name: 'Sales' }))).id;
    const assistant = await createAssistant(api);
    const now = t.clock.now();
    const forged = { user_id: intruder.user.id, knowledgebase_id: foreignKb, text_search_config: 'nonsense', id: 999 } as object;

    const knowledgeRepo = createKnowledgeRepo(t.deps.db);
    expect(await knowledgeRepo.updateKnowledgebase(owner.user.id, kb, { name: 'Renamed', ...forged }, now)).toBe(true);
    expect(await knowledgeRepo.updateDocument(kb, doc, { name: 'Renamed', ...forged }, now)).toMatchObject({
      id: doc,
      knowledgebase_id: kb,
      name: 'Renamed',
    });
    expect(await createGroupsRepo(t.deps.db, 'folder').update(owner.user.id, folder, { name: 'Renamed', ...forged }, now)).toBe(true);
    const assistantsRepo = createAssistantsRepo(t.deps.db);
    const stored = (await assistantsRepo.find(owner.user.id, assistant.id))!;
    const state = toSettings(stored);
    // knowledgebase_id is an assistant setting (its ownership is the service's check), so not forged here.
    const forgedForAssistant = { user_id: intruder.user.id, id: 999, uuid: 'forged', version: 999, text_search_config: 'nonsense' };
    expect(
      await assistantsRepo.updateAtVersion(
        assistant.id,
        stored.version,
        { ...state, name: 'Renamed', ...forgedForAssistant },
        ['name', ...Object.keys(forgedForAssistant)] as never,
        now,
        { userId: owner.user.id, actor: TEST_ACTOR, action: 'assistant.updated', resourceType: 'assistant', resourceId: assistant.id, now },
      ),
    ).toBe(true);

    const rows = await Promise.all([
      t.deps.db.selectFrom('knowledgebases').select(['id', 'user_id', 'name']).where('id', '=', kb).executeTakeFirstOrThrow(),
      t.deps.db
        .selectFrom('knowledge_documents')
        .select(['id', 'knowledgebase_id', 'name', 'text_search_config'])
        .where('id', '=', doc)
        .executeTakeFirstOrThrow(),
      t.deps.db.selectFrom('folders').select(['id', 'user_id', 'name']).where('id', '=', folder).executeTakeFirstOrThrow(),
      t.deps.db.selectFrom('assistants').select(['id', 'uuid', 'user_id', 'name']).where('id', '=', assistant.id).executeTakeFirstOrThrow(),
    ]);
    expect(rows).toEqual([
      { id: kb, user_id: owner.user.id, name: 'Renamed' },
      { id: doc, knowledgebase_id: kb, name: 'Renamed', text_search_config: null },
      { id: folder, user_id: owner.user.id, name: 'Renamed' },
      { id: assistant.id, uuid: assistant.uuid, user_id: owner.user.id, name: 'Renamed' },
    ]);
  });
});
