import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.js';
import { isoTimestamp } from '../../core/http/schemas.js';
import { apiFor, assistantBody, createAssistant, createPhoneNumber, createTool, type Api } from '../../../test/helpers/assistants.js';
import { addLead, createCampaign } from '../../../test/helpers/campaigns.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { insertCall } from '../../../test/helpers/usage-records.js';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createMembersRepo } from '../accounts/members.repo.js';
import { issueToken } from '../accounts/tokens.js';
import { encodeCursor } from '../../core/http/cursor-pagination.js';

/**
 * The audit log: who did what to which resource, when and from where, written in the change's
 * own statement or transaction (a change that fails leaves no row, a row that cannot be written
 * undoes the change), read by admins only, newest first, one account at a time.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let api: Api;

const FROM = { ip: '203.0.113.7', userAgent: 'AuditTest/1.0' };
const KEY_LABEL = 'API key "Default"';

beforeAll(async () => {
  t = await buildTestApp({ clock: new ManualClock(new Date('2026-03-02T09:00:00.000Z')) });
  owner = await createUser(t.deps);
  api = apiFor(t, owner.token);
});
afterAll(async () => {
  await t.close();
});

/** A request as it came from a browser at FROM. */
function from(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  userAgent = FROM.userAgent,
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: FROM.ip,
    headers: { ...bearer(token), 'user-agent': userAgent },
    ...(payload === undefined ? {} : { payload }),
  });
}

const auditLog = (query = '', token = owner.token) =>
  t.app.inject({ method: 'GET', url: `/api/user/audit-log${query}`, headers: bearer(token) });

/** Every audit row of a resource, oldest first, as the log shows them. */
async function rowsOf(resourceType: string, resourceId: number | string, token = owner.token) {
  const res = await auditLog(`?resource_type=${resourceType}&resource_id=${resourceId}&per_page=100`, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<Record<string, unknown>>).reverse();
}

/** The row a request of the owner's key from FROM leaves (without id), at the clock's time. */
function byKey(action: string, resourceType: string, resourceId: number | string | null, details: object) {
  return {
    actor: { kind: 'api_key', label: KEY_LABEL, member_id: owner.owner.id },
    action,
    resource_type: resourceType,
    resource_id: resourceId === null ? null : String(resourceId),
    ip: FROM.ip,
    user_agent: FROM.userAgent,
    details,
    created_at: isoTimestamp(t.clock.now()),
  };
}

const withoutId = (rows: Array<Record<string, unknown>>) => rows.map(({ id: _id, ...row }) => row);

describe('an assistant', () => {
  it('leaves one row for its creation, each update that changes something, and its deletion', async () => {
    const created = await from(owner.token, 'POST', '/api/user/assistant', assistantBody({ name: 'Front desk' }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const log = [byKey('assistant.created', 'assistant', id, { name: 'Front desk' })];
    expect(withoutId(await rowsOf('assistant', id))).toEqual(log);

    // A field no rule reads (one statement), one a rule reads (read, then a versioned write),
    // and a label list (a transaction): each path writes its row.
    const label = (await api.post('/api/user/label', { name: 'VIP' })).json().data.id as number;
    for (const [body, fields] of [
      [{ name: 'Front desk 2', speech_speed: 1 }, ['name']],
      [{ timezone: 'Europe/Paris', system_prompt: 'Be brief.' }, ['system_prompt', 'timezone']],
      [{ label_ids: [label], max_duration: 900 }, ['label_ids', 'max_duration']],
    ] as const) {
      t.clock.advance(60_000);
      const res = await from(owner.token, 'PUT', `/api/user/assistant/${id}`, body);
      expect(res.statusCode, res.body).toBe(200);
      log.push(byKey('assistant.updated', 'assistant', id, { fields }));
      expect(withoutId(await rowsOf('assistant', id))).toEqual(log);
    }

    // Changing nothing, on either path, is no change.
    expect((await from(owner.token, 'PUT', `/api/user/assistant/${id}`, { name: 'Front desk 2' })).statusCode).toBe(200);
    expect((await from(owner.token, 'PATCH', `/api/user/assistant/${id}`, { timezone: 'Europe/Paris' })).statusCode).toBe(200);
    expect(withoutId(await rowsOf('assistant', id))).toEqual(log);

    t.clock.advance(60_000);
    expect((await from(owner.token, 'DELETE', `/api/user/assistant/${id}`)).statusCode).toBe(200);
    log.push(byKey('assistant.deleted', 'assistant', id, { name: 'Front desk 2' }));
    expect(withoutId(await rowsOf('assistant', id))).toEqual(log);
  });

  it('names the member of a session, with their e-mail as the label', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const res = await from(login.json().token, 'POST', '/api/user/assistant', assistantBody({ name: 'By session' }), 'Mozilla/5.0');
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    expect(withoutId(await rowsOf('assistant', id))).toEqual([
      {
        ...byKey('assistant.created', 'assistant', id, { name: 'By session' }),
        actor: { kind: 'member', label: owner.email, member_id: owner.owner.id },
        user_agent: 'Mozilla/5.0',
      },
    ]);
  });

  it('leaves no row for a change that is refused or not the caller’s', async () => {
    const { id } = await createAssistant(api);
    const before = await rowsOf('assistant', id);
    const refused = await from(owner.token, 'PUT', `/api/user/assistant/${id}`, { name: 'Too fast', speech_speed: 5 });
    expect(refused.statusCode).toBe(422);
    const incompatible = await from(owner.token, 'PUT', `/api/user/assistant/${id}`, { mode: 'multimodal' });
    expect(incompatible.statusCode).toBe(422);
    expect(await rowsOf('assistant', id)).toEqual(before);

    const stranger = await createUser(t.deps);
    for (const res of [
      await from(stranger.token, 'PUT', `/api/user/assistant/${id}`, { name: 'Mine now' }),
      await from(stranger.token, 'DELETE', `/api/user/assistant/${id}`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(await rowsOf('assistant', id)).toEqual(before);
    expect((await auditLog('', stranger.token)).json().data).toEqual([]);
  });

  describe('in one transaction with its row', () => {
    const SERVER_ERROR = { message: 'Server Error' };

    /** Runs `work` while a trigger makes `table`'s inserts fail (for `when`, a condition on NEW). */
    async function withFailingInsert(table: string, when: string, work: () => Promise<void>) {
      await sql
        .raw(`CREATE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'refused by the test'; END $$`)
        .execute(t.deps.db);
      await sql
        .raw(`CREATE TRIGGER refuse_insert BEFORE INSERT ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION refuse_insert()`)
        .execute(t.deps.db);
      try {
        await work();
      } finally {
        await sql.raw(`DROP TRIGGER refuse_insert ON ${table}`).execute(t.deps.db);
        await sql.raw('DROP FUNCTION refuse_insert()').execute(t.deps.db);
      }
    }

    const readAssistant = async (id: number) => (await api.get(`/api/user/assistant/${id}`)).json().data;

    it('leaves no change behind when its audit row cannot be written', async () => {
      const label = (await api.post('/api/user/label', { name: 'Kept out' })).json().data.id as number;
      const { id } = await createAssistant(api, { name: 'Unchanged' });
      const before = await readAssistant(id);
      const logBefore = await rowsOf('assistant', id);
      const assistantsBefore = (await api.get('/api/user/assistants')).json().length;
      await withFailingInsert('audit_events', "NEW.user_agent = 'refuse-audit'", async () => {
        const fail = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
          from(owner.token, method, url, payload, 'refuse-audit');
        for (const res of [
          await fail('POST', '/api/user/assistant', assistantBody({ name: 'Never made' })),
          await fail('PUT', `/api/user/assistant/${id}`, { name: 'One statement' }),
          await fail('PUT', `/api/user/assistant/${id}`, { timezone: 'Asia/Tokyo' }),
          await fail('PUT', `/api/user/assistant/${id}`, { label_ids: [label], name: 'In a transaction' }),
          await fail('DELETE', `/api/user/assistant/${id}`),
        ]) {
          expect([res.statusCode, res.json()]).toEqual([500, SERVER_ERROR]);
        }
      });
      expect(await readAssistant(id)).toEqual(before);
      expect((await api.get('/api/user/assistants')).json().length).toBe(assistantsBefore);
      expect(await rowsOf('assistant', id)).toEqual(logBefore);
    });

    it('leaves no row when a later statement of the change fails', async () => {
      const label = (await api.post('/api/user/label', { name: 'Refused' })).json().data.id as number;
      const { id } = await createAssistant(api, { name: 'Labelled' });
      const logBefore = await rowsOf('assistant', id);
      // The row is written with the assistant's columns; the label list is written after it.
      await withFailingInsert('assistant_labels', 'true', async () => {
        const res = await from(owner.token, 'PUT', `/api/user/assistant/${id}`, { name: 'Relabelled', label_ids: [label] });
        expect([res.statusCode, res.json()]).toEqual([500, SERVER_ERROR]);
      });
      expect(await readAssistant(id)).toMatchObject({ name: 'Labelled', label_ids: [] });
      expect(await rowsOf('assistant', id)).toEqual(logBefore);
    });
  });
});

describe('deletions', () => {
  it('of tools, folders, labels, knowledge, campaigns, leads, numbers and calls each leave one row', async () => {
    const tool = await createTool(api, { name: 'lookup_order' });
    const folder = (await api.post('/api/user/folder', { name: 'Sales' })).json().data.id as number;
    const label = (await api.post('/api/user/label', { name: 'Old' })).json().data.id as number;
    const kb = (await api.post('/api/user/knowledgebases', { name: 'Handbook' })).json().data.id as number;
    const doc = await api.post(`/api/user/knowledgebases/${kb}/documents`, { name: 'Prices', type: 'txt', content: 'Bread is 2 EUR.' });
    expect(doc.statusCode, doc.body).toBe(201);
    const docId = doc.json().data.id as number;
    const assistant = await createAssistant(api);
    const campaign = await createCampaign(api, assistant.id, { name: 'Spring' });
    const lead = await addLead(api, campaign.id, '+40711000111');
    const number = await createPhoneNumber(api, '+40711000999');
    const call = await insertCall(t.deps.db, { userId: owner.user.id, assistantId: null, at: '2026-03-01T10:00:00Z' });
    t.clock.advance(60_000);

    const deletions: Array<[string, string, number, object]> = [
      [`/api/user/tools/${tool}`, 'tool', tool, { name: 'lookup_order' }],
      [`/api/user/folder/${folder}`, 'folder', folder, { name: 'Sales' }],
      [`/api/user/label/${label}`, 'label', label, { name: 'Old' }],
      [`/api/user/knowledgebases/${kb}/documents/${docId}`, 'document', docId, { name: 'Prices', knowledge_base_id: kb }],
      [`/api/user/knowledgebases/${kb}`, 'knowledge_base', kb, { name: 'Handbook' }],
      [`/api/user/leads/${lead.id}`, 'lead', lead.id, { phone_number: '+40711000111', campaign_id: campaign.id }],
      [`/api/user/campaign/${campaign.id}`, 'campaign', campaign.id, { name: 'Spring' }],
      [`/api/user/phone-numbers/${number}`, 'phone_number', number, { phone_number: '+40711000999', release_at: null }],
      [`/api/user/calls/${call}`, 'call', call, { type: 'inbound', from_number: '+14155550100', to_number: '+14155550199' }],
    ];
    for (const [url, type, id, details] of deletions) {
      const res = await from(owner.token, 'DELETE', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(withoutId(await rowsOf(type, id))).toEqual([byKey(`${type}.deleted`, type, id, details)]);
      // Deleting it again finds nothing and writes nothing.
      expect((await from(owner.token, 'DELETE', url)).statusCode).toBe(404);
      expect(await rowsOf(type, id)).toHaveLength(1);
    }
  });

  it('and a rotation of the webhook signing secret, which the row never shows', async () => {
    const res = await from(owner.token, 'POST', '/api/user/webhook-secret/rotate');
    expect(res.statusCode).toBe(200);
    const [row] = (await auditLog('?action=webhook_secret.rotated')).json().data;
    expect(row).toEqual({ id: row.id, ...byKey('webhook_secret.rotated', 'webhook_secret', null, {}) });
    expect(JSON.stringify(row)).not.toContain(res.json().secret);
  });
});

describe('GET /api/user/audit-log', () => {
  /** An account of its own, with three assistants made a day apart by its key (the last deleted). */
  async function accountWithHistory() {
    const account = await createUser(t.deps);
    const own = apiFor(t, account.token);
    const start = t.clock.now();
    t.clock.set(new Date('2026-04-01T12:00:00.000Z'));
    const first = await createAssistant(own, { name: 'First' });
    t.clock.set(new Date('2026-04-02T12:00:00.000Z'));
    const second = await createAssistant(own, { name: 'Second' });
    t.clock.set(new Date('2026-04-03T12:00:00.000Z'));
    expect((await own.delete(`/api/user/assistant/${first.id}`)).statusCode).toBe(200);
    t.clock.set(start);
    const ids = (await auditLog('', account.token)).json().data.map((row: { id: number }) => row.id) as number[];
    return { account, first: first.id, second: second.id, ids };
  }

  it('lists the account’s rows newest first, in exactly this shape', async () => {
    const { account, first, second, ids } = await accountWithHistory();
    const actor = { kind: 'api_key', label: KEY_LABEL, member_id: account.owner.id };
    const common = { actor, resource_type: 'assistant', ip: '127.0.0.1', user_agent: 'lightMyRequest' };
    const res = await auditLog('', account.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: ids[0],
          ...common,
          action: 'assistant.deleted',
          resource_id: String(first),
          details: { name: 'First' },
          created_at: '2026-04-03T12:00:00.000000Z',
        },
        {
          id: ids[1],
          ...common,
          action: 'assistant.created',
          resource_id: String(second),
          details: { name: 'Second' },
          created_at: '2026-04-02T12:00:00.000000Z',
        },
        {
          id: ids[2],
          ...common,
          action: 'assistant.created',
          resource_id: String(first),
          details: { name: 'First' },
          created_at: '2026-04-01T12:00:00.000000Z',
        },
      ],
      next_cursor: null,
      prev_cursor: null,
    });
    expect(ids[0]).toBeGreaterThan(ids[1]!);
    expect(ids[1]).toBeGreaterThan(ids[2]!);
  });

  it('filters by action, member, resource and day', async () => {
    const { account, first, ids } = await accountWithHistory();
    const idsOf = async (query: string) => {
      const res = await auditLog(query, account.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((row: { id: number }) => row.id);
    };
    expect(await idsOf('?action=assistant.created')).toEqual([ids[1], ids[2]]);
    expect(await idsOf('?action=assistant.updated')).toEqual([]);
    expect(await idsOf(`?actor_member_id=${account.owner.id}`)).toEqual(ids);
    expect(await idsOf(`?actor_member_id=${owner.owner.id}`)).toEqual([]);
    expect(await idsOf(`?resource_type=assistant&resource_id=${first}`)).toEqual([ids[0], ids[2]]);
    expect(await idsOf('?resource_type=tool')).toEqual([]);
    expect(await idsOf('?date_from=2026-04-02')).toEqual([ids[0], ids[1]]);
    expect(await idsOf('?date_to=2026-04-02')).toEqual([ids[1], ids[2]]);
    expect(await idsOf('?date_from=2026-04-02&date_to=2026-04-02')).toEqual([ids[1]]);
    expect(await idsOf('?date_from=2026-04-02&action=assistant.deleted')).toEqual([ids[0]]);
    // A key the schema does not name is dropped, not an error.
    expect(await idsOf('?user_id=1&unknown=x')).toEqual(ids);
  });

  it('pages by cursor both ways', async () => {
    const { account, ids } = await accountWithHistory();
    const page = async (query: string) => {
      const res = await auditLog(query, account.token);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return { ids: body.data.map((row: { id: number }) => row.id), next: body.next_cursor, prev: body.prev_cursor };
    };
    const one = await page('?per_page=2');
    expect(one).toMatchObject({ ids: [ids[0], ids[1]], prev: null });
    const two = await page(`?per_page=2&cursor=${one.next}`);
    expect(two).toMatchObject({ ids: [ids[2]], next: null });
    const back = await page(`?per_page=2&cursor=${two.prev}`);
    expect(back).toEqual({ ids: [ids[0], ids[1]], next: expect.any(String), prev: null });
    // A cursor with a filter: the filter still holds on the next page.
    const created = await page('?per_page=1&action=assistant.created');
    expect(created.ids).toEqual([ids[1]]);
    expect(await page(`?per_page=1&action=assistant.created&cursor=${created.next}`)).toMatchObject({ ids: [ids[2]], next: null });
  });

  it('never shows another account’s rows', async () => {
    const { account, ids } = await accountWithHistory();
    const other = await accountWithHistory();
    expect((await auditLog('', account.token)).json().data.map((row: { id: number }) => row.id)).toEqual(ids);
    // Not through a filter naming the other's member or resource, nor through a cursor of theirs.
    expect((await auditLog(`?actor_member_id=${other.account.owner.id}`, account.token)).json().data).toEqual([]);
    expect((await auditLog(`?resource_type=assistant&resource_id=${other.second}`, account.token)).json().data).toEqual([]);
    const theirCursor = (await auditLog('?per_page=1', other.account.token)).json().next_cursor;
    expect((await auditLog(`?cursor=${theirCursor}`, account.token)).json().data.map((row: { id: number }) => row.id)).toEqual(
      ids.filter((id) => id < other.ids[0]!),
    );
  });

  it('answers bad filters with the validation shape', async () => {
    const cases: Array<[string, Record<string, string[]>]> = [
      ['?per_page=0', { per_page: ['The per page must be between 1 and 100.'] }],
      ['?per_page=101', { per_page: ['The per page must be between 1 and 100.'] }],
      ['?actor_member_id=abc', { actor_member_id: ['The actor member id field must be an integer.'] }],
      ['?actor_member_id=0', { actor_member_id: ['The actor member id must be between 1 and 2147483647.'] }],
      ['?date_from=yesterday', { date_from: ['The date from field format is invalid.'] }],
      ['?date_from=2026-02-30', { date_from: ['The date from is not a valid date.'] }],
      ['?date_from=2026-04-03&date_to=2026-04-01', { date_to: ['The date to must be a date after or equal to date from.'] }],
      ['?cursor=not-a-cursor', { cursor: ['The cursor is invalid.'] }],
      // Past the integer id column: refused, not sent to the database to overflow there.
      [`?cursor=${encodeCursor(2_147_483_648, true)}`, { cursor: ['The cursor is invalid.'] }],
      [`?action=${'x'.repeat(65)}`, { action: ['The action field must not be greater than 64 characters.'] }],
      ['?resource_id=', { resource_id: ['The resource id field is required.'] }],
    ];
    for (const [query, errors] of cases) {
      const res = await auditLog(query);
      const [message] = Object.values(errors)[0]!;
      expect([query, res.statusCode, res.json()]).toEqual([query, 422, { message, errors }]);
    }
  });

  it('is for admins and owners: an editor or viewer, by session or key, is refused', async () => {
    const now = t.clock.now();
    const forbidden = (role: string) => ({
      message: `Your role (${role}) does not allow this; it needs admin or higher. Ask an admin of the account.`,
    });
    for (const role of ['viewer', 'editor', 'admin'] as const) {
      const member = await createMembersRepo(t.deps.db).insertMember({
        userId: owner.user.id,
        email: `${role}-${owner.user.id}@example.com`,
        name: role,
        passwordHash: null,
        role,
        now,
      });
      const session = await issueToken(t.deps.db, {
        userId: owner.user.id,
        memberId: member.id,
        kind: 'session',
        name: 'Console',
        now,
        ttlMs: 3_600_000,
      });
      const res = await auditLog('', session.token);
      if (role === 'admin') expect(res.statusCode).toBe(200);
      else expect([res.statusCode, res.json()]).toEqual([403, forbidden(role)]);
    }
    for (const role of ['viewer', 'editor'] as const) {
      const key = await api.post('/api/user/api-keys', { name: `${role} key`, role });
      expect(key.statusCode, key.body).toBe(201);
      const res = await auditLog('', key.json().api_key.token);
      expect([res.statusCode, res.json()]).toEqual([403, forbidden(role)]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/user/audit-log' })).statusCode).toBe(401);
  });
});
