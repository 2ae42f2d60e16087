import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { hashPassword } from '../src/core/crypto/passwords.js';
import { maskSecret } from '../src/core/crypto/secret-box.js';
import { createMembersRepo } from '../src/modules/accounts/members.repo.js';
import { permissionEntries, routeRolePolicy } from '../src/modules/accounts/permissions.js';
import { createAccountResources, type AccountResources } from './helpers/account-resources.js';
import { bearer, createUser } from './helpers/factories.js';
import { MEMBER_ROLES, accountWithEveryRole, forbiddenBody, roleRefusal, signIn, type MemberRole } from './helpers/roles.js';
import { recordedRouteKeys } from './helpers/route-recorder.js';
import { buildTestApp, type TestApp } from './helpers/test-app.js';

// Every route's config (its error shape) as the app registered it.
vi.mock('fastify', async (importOriginal) => (await import('./helpers/route-recorder.js')).recordingFastify(await importOriginal()));

/**
 * Every authenticated operation of the OpenAPI document, called with a member of each role:
 * 403 in the route's own error shape exactly when the role is below the route's entry in
 * modules/accounts/permissions.ts, and never 401, 403 or 500 otherwise; what a viewer reads
 * holds none of the account's stored credentials, in clear or masked. Another account's owner
 * calls every operation that addresses a resource with this account's ids: "not found".
 */

interface OpenApiOperation {
  operationId: string;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
}

interface Operation {
  method: string;
  path: string;
  operationId: string;
  pathParams: string[];
  requiredQuery: string[];
  example: unknown;
  hasBody: boolean;
  documented: Set<number>;
  /** The shape of the route's 403: a 403 it declares, else its family's. */
  shape: string;
}

const OPERATOR_REFUSAL = 'Only the operator of this server may do this.';

/** The resource a path parameter names, by the path segment before it. */
const RESOURCE_OF_SEGMENT: Record<string, keyof Ids> = {
  'api-keys': 'apiKey',
  assistant: 'assistant',
  folder: 'folder',
  label: 'label',
  tools: 'tool',
  'phone-numbers': 'phoneNumber',
  'sip-trunks': 'sipTrunk',
  'webhook-deliveries': 'webhookDelivery',
  senders: 'sender',
  media: 'mediaId',
  knowledgebases: 'knowledgeBase',
  documents: 'document',
  conversations: 'conversation',
  calls: 'call',
  campaigns: 'campaign',
  campaign: 'campaign',
  leads: 'lead',
  'do-not-call': 'doNotCall',
  sms: 'sms',
  members: 'member',
  invitations: 'invitation',
  accounts: 'account',
};

type Ids = Omit<AccountResources, 'assistant'> & { assistant: number; member: number; account: number };

/** Required query parameters get a value that passes validation, so allowed calls reach their handler. */
const queryValue = (name: string, ids: Ids): string | undefined =>
  ({
    date_from: '2026-03-01',
    date_to: '2026-03-31',
    sender_id: String(ids.sender),
    recipient_phone: '+14155550100',
    q: 'opening hours',
  })[name];

let t: TestApp;
let a: Awaited<ReturnType<typeof accountWithEveryRole>>;
let aIds: Ids;
let bOwnerSession: string;
let operatorSession: string;
let operations: Operation[];

/** A new set of account A's resources (and a spare member), so each role's walk finds them all. */
async function freshResourcesOfA(seed: number): Promise<Ids> {
  const resources = await createAccountResources(t, { user: a.user, token: a.sessions.owner }, seed);
  const spare = await createMembersRepo(t.deps.db).insertMember({
    userId: a.user.id,
    email: `spare-${seed}-${a.email}`,
    name: 'Spare member',
    passwordHash: null,
    role: 'viewer',
    now: t.clock.now(),
  });
  return { ...resources, assistant: resources.assistant.id, member: spare.id, account: a.user.id };
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await accountWithEveryRole(t);
  const b = await createUser(t.deps, { balanceUsd: 10 });
  [aIds] = await Promise.all([freshResourcesOfA(1), createAccountResources(t, b, 2)]);
  bOwnerSession = await signIn(t, b.email, b.password);
  // The server's operator, the owner of an account of their own.
  const operator = await createUser(t.deps);
  await t.deps.db.updateTable('members').set({ is_operator: true }).where('id', '=', operator.owner.id).execute();
  operatorSession = await signIn(t, operator.email, operator.password);
  operations = documentedOperations(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('roles on every route', () => {
  test('every authenticated operation has a least role, and every entry names an operation', () => {
    const unplaced = operations.filter((op) => routeRolePolicy.requiredRole(op.operationId) === undefined).map((op) => op.operationId);
    expect(unplaced).toEqual([]);
    const documented = new Set(operations.map((op) => op.operationId));
    const stale = permissionEntries()
      .map(([operationId]) => operationId)
      .filter((operationId) => !documented.has(operationId));
    expect(stale).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
  });

  // Before the walk below, which lets allowed roles change and delete account A's resources.
  test("another account's owner gets 404 for every id of this account", async () => {
    const failures: string[] = [];
    const addressed = operations.filter((op) => op.pathParams.length > 0 && !crossAccountExempt(op));
    await inGroups(addressed, async (op) => {
      const res = await call(op, bOwnerSession, documentedBody(op));
      if (res.statusCode !== 404) failures.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    });
    expect(failures).toEqual([]);
    expect(addressed.length).toBeGreaterThan(40);
  });

  test('each role is refused exactly below the least role of the route, in the route’s error shape', async () => {
    const failures: string[] = [];
    // Each role on its own set of resources, since allowed roles change and delete them; deleting and signing out come last.
    for (const [i, role] of MEMBER_ROLES.entries()) {
      aIds = await freshResourcesOfA(10 + i);
      const [signOut, others] = partition(operations, (op) => op.operationId === 'logout');
      const [deletes, rest] = partition(others, (op) => op.method === 'DELETE');
      await inGroups(rest, async (op) => void failures.push(...(await checkRole(op, role, await tokenFor(op, role)))));
      // One by one, a resource's parts (documents, leads) before the resource.
      for (const op of [...deletes.reverse(), ...signOut]) failures.push(...(await checkRole(op, role, a.sessions[role])));
    }
    for (const op of operations.filter((op) => routeRolePolicy.requiredRole(op.operationId) === 'operator')) {
      failures.push(...(await checkRole(op, 'operator', operatorSession)));
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

/** Leaving ends the caller's login: each role leaves as a member of its own, not the one walking the routes. */
async function tokenFor(op: Operation, role: MemberRole): Promise<string> {
  if (op.operationId !== 'leaveAccount') return a.sessions[role];
  const email = `leaver-${role}-${a.email}`;
  const passwordHash = await hashPassword(a.password);
  await createMembersRepo(t.deps.db).insertMember({ userId: a.user.id, email, name: 'Leaver', passwordHash, role, now: t.clock.now() });
  return signIn(t, email, a.password);
}

/**
 * Routes where another account's id cannot be "not found":
 * - operator routes: the operator reaches every account by design (and B's owner is refused 403).
 */
function crossAccountExempt(op: Operation): boolean {
  return routeRolePolicy.requiredRole(op.operationId) === 'operator';
}

async function checkRole(op: Operation, role: MemberRole | 'operator', token: string): Promise<string[]> {
  const required = routeRolePolicy.requiredRole(op.operationId)!;
  const refused = role === 'operator' ? required !== 'operator' : required === 'operator' || rank(role) < rank(required);
  const res = await call(op, token, op.hasBody ? {} : undefined);
  const where = `${role} ${op.method} ${op.path} (needs ${required})`;
  if (refused) {
    const message = required === 'operator' ? OPERATOR_REFUSAL : roleRefusal(role as MemberRole, required);
    const expected = forbiddenBody(op.shape, message);
    if (res.statusCode !== 403 || res.body !== JSON.stringify(expected)) {
      return [`${where}: expected 403 ${JSON.stringify(expected)}, got ${res.statusCode} ${res.body.slice(0, 200)}`];
    }
    return [];
  }
  const deliberateServerRefusal = (res.statusCode === 502 || res.statusCode === 503) && op.documented.has(res.statusCode);
  if (res.statusCode === 401 || res.statusCode === 403 || (res.statusCode >= 500 && !deliberateServerRefusal)) {
    return [`${where}: allowed, got ${res.statusCode} ${res.body.slice(0, 200)}`];
  }
  // A viewer reads everything but secrets: not one, not even masked.
  if (role !== 'viewer') return [];
  const shown = aIds.secrets.filter((secret) => res.body.includes(secret) || res.body.includes(maskSecret(secret)));
  return shown.map((secret) => `${where}: shows a viewer the secret ${secret}`);
}

const rank = (role: string) => (MEMBER_ROLES as readonly string[]).indexOf(role);

function call(op: Operation, token: string, body: unknown) {
  let url = op.path;
  for (const param of op.pathParams) url = url.replace(`{${param}}`, encodeURIComponent(String(idFor(op.path, param))));
  const query = new URLSearchParams();
  for (const name of op.requiredQuery) {
    const value = queryValue(name, aIds);
    if (value === undefined) throw new Error(`${op.operationId}: give the required query parameter ${name} a value`);
    query.set(name, value);
  }
  const search = query.size > 0 ? `?${query}` : '';
  return t.app.inject({
    method: op.method as 'GET',
    url: `${url}${search}`,
    headers: bearer(token),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

function idFor(path: string, param: string): string | number {
  const segments = path.split('/');
  const segment = segments[segments.indexOf(`{${param}}`) - 1] ?? '';
  const resource = RESOURCE_OF_SEGMENT[segment];
  if (!resource) throw new Error(`${path}: give account A a resource for {${param}} (segment "${segment}")`);
  return aIds[resource] as string | number;
}

/** The documented example body: valid, so a call reaches the lookup of the resource it addresses. */
function documentedBody(op: Operation): unknown {
  if (!op.hasBody) return undefined;
  if (op.example === undefined) throw new Error(`${op.operationId}: its request body has no example`);
  return op.example;
}

function documentedOperations(app: TestApp): Operation[] {
  const doc = app.app.swagger() as unknown as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes = new Map<string, RouteOptions>();
  for (const { method, route } of recordedRouteKeys()) {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
    if (operationId && method !== 'HEAD') routes.set(operationId, route);
  }
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (Array.isArray(op.security) && op.security.length === 0) continue;
      const route = routes.get(op.operationId);
      if (!route) throw new Error(`${op.operationId}: no registered route`);
      const parameters = op.parameters ?? [];
      const content = op.requestBody?.content;
      found.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        requiredQuery: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        hasBody: content !== undefined,
        example: content?.['application/json']?.example,
        documented: new Set(Object.keys(op.responses).map(Number)),
        shape: forbiddenShape(route),
      });
    }
  }
  return found;
}

function forbiddenShape(route: RouteOptions): string {
  const declared = (route.schema as { response?: Record<string, { properties?: Record<string, unknown> }> } | undefined)?.response?.[403];
  const properties = declared?.properties;
  if (properties) {
    if ('error_code' in properties) return 'coded';
    if ('status' in properties && 'error' in properties) return 'conversation';
    if ('error' in properties && !('message' in properties)) return 'error';
    return 'plain';
  }
  return (route.config as { errorShape?: string } | undefined)?.errorShape ?? 'plain';
}

function partition<T>(items: T[], predicate: (item: T) => boolean): [T[], T[]] {
  return [items.filter(predicate), items.filter((item) => !predicate(item))];
}

/** A few calls at a time: quick, and light enough for a small machine. */
async function inGroups<T>(items: T[], work: (item: T) => Promise<void>, size = 6): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}
