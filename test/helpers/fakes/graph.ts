import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GraphRequest {
  method: string;
  /** Path without the version prefix, e.g. `/106540352242922/messages`. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface GraphReply {
  status: number;
  body: unknown;
  delayMs?: number;
}

/** A Graph error body as the platform sends it. */
export function graphErrorBody(code: number, message: string, details?: string) {
  return {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: 'AbCdEf123',
    },
  };
}

/** What Graph answers for an object the token may not see (or that does not exist): HTTP 400. */
export function graphUnknownObjectBody(id: string, method = 'get') {
  return {
    error: {
      message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
      fbtrace_id: 'AbCdEf123',
    },
  };
}

/** What Graph answers for a token it cannot parse or that has expired: HTTP 401, code 190. */
export function graphInvalidTokenBody() {
  return {
    error: {
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
      fbtrace_id: 'AbCdEf123',
    },
  };
}

/**
 * The platform's synchronous error bodies for the codes the module handles (reference §8), as
 * Graph answers them: HTTP status, `(#code) title` message, type, code, subcode where Graph sends
 * one, `error_data.details` and a trace id.
 */
export const GRAPH_ERRORS: Record<number, { status: number; body: { error: Record<string, unknown> } }> = Object.fromEntries(
  (
    [
      [
        131030,
        400,
        '(#131030) Recipient phone number not in allowed list',
        'Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.',
      ],
      [
        131047,
        400,
        '(#131047) Re-engagement message',
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      ],
      [131026, 400, '(#131026) Message Undeliverable', 'Message Undeliverable.'],
      [
        132000,
        400,
        '(#132000) Number of parameters does not match the expected number of params',
        'header: number of localizable_params (0) does not match the expected number of params (1)',
      ],
      [132001, 404, '(#132001) Template name does not exist in the translation', 'template name (coupon_header) does not exist in en'],
      [
        131056,
        400,
        '(#131056) (Business Account, Consumer Account) pair rate limit hit',
        'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
      ],
      [130429, 400, '(#130429) Rate limit hit', 'Cloud API message throughput has been reached.'],
      [4, 400, '(#4) Application request limit reached', 'Too many calls from this application. Wait a while and retry.'],
    ] as Array<[number, number, string, string]>
  ).map(([code, status, message, details]) => [
    code,
    {
      status,
      body: {
        error: {
          message,
          type: 'OAuthException',
          code,
          error_data: { messaging_product: 'whatsapp', details },
          fbtrace_id: 'A8d9cNYh3kX5qRmWb2Tz1Lp',
        },
      },
    },
  ]),
);
GRAPH_ERRORS[190] = {
  status: 401,
  body: {
    error: {
      message:
        'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
      type: 'OAuthException',
      code: 190,
      error_subcode: 460,
      fbtrace_id: 'AxQ1fJ0mFq7lVbHn3cW9sKe',
    },
  },
};

/**
 * The calling API's refusals (voice.md §5, troubleshooting §8.3): the calling pages' shape, without
 * `error_data`, and the HTTP status each code comes with.
 */
GRAPH_ERRORS[138006] = {
  status: 401,
  body: {
    error: {
      message: '(#138006) No approved call permission found',
      type: 'OAuthException',
      code: 138006,
      fbtrace_id: 'AQ3pXb7uQmW2cZ8VnR1yT4k',
    },
  },
};

/** A business phone number as the fake serves it on `GET /{id}` and `GET /{waba}/phone_numbers`. */
export interface FakePhoneNumber {
  id: string;
  wabaId: string;
  displayPhoneNumber: string;
  verifiedName?: string;
  /** The token that may read this number and its WABA (a system user with access to the WABA). */
  token: string;
  /** `GET /{id}` health fields; default CONNECTED, GREEN, TIER_1K, APPROVED. */
  status?: string;
  qualityRating?: string;
  messagingLimitTier?: string;
  nameStatus?: string;
}

/**
 * A fake WhatsApp Business Cloud API on 127.0.0.1 speaking the real wire format: template pages
 * with cursors, message sends returning wamids, call-permission reads, and business numbers
 * (`GET /{id}`, `GET /{waba}/phone_numbers`) visible only to the token that holds them. Records every request
 * so tests assert what the adapter sent (path, bearer token, body). `override` answers first.
 */
export async function startFakeGraph(version = 'v23.0') {
  const requests: GraphRequest[] = [];
  const templates = new Map<string, unknown[]>();
  const permissions = new Map<string, unknown>();
  const phoneNumbers = new Map<string, FakePhoneNumber>();
  let pageSize = 100;
  let sent = 0;
  let calls = 0;
  let override: ((request: GraphRequest) => GraphReply | undefined) | undefined;

  const answer = (request: GraphRequest): GraphReply => {
    const fromOverride = override?.(request);
    if (fromOverride) return fromOverride;
    const [id, edge] = request.path.split('/').filter(Boolean);
    if (request.method === 'GET' && (edge === undefined || edge === 'phone_numbers')) return answerNumbers(request, id!, edge);
    if (request.method === 'GET' && edge === 'message_templates') {
      const all = templates.get(id!) ?? [];
      const start = request.query.after ? Number(request.query.after) : 0;
      const size = Math.min(pageSize, Number(request.query.limit ?? 25));
      const data = all.slice(start, start + size);
      const more = start + size < all.length;
      const cursors = { before: String(start), after: String(start + size) };
      return {
        status: 200,
        body: {
          data,
          paging: {
            cursors,
            ...(more ? { next: `https://graph.facebook.com/${version}/${id}/message_templates?after=${start + size}` } : {}),
          },
        },
      };
    }
    if (request.method === 'POST' && edge === 'messages') {
      sent += 1;
      const to = String(request.body?.to ?? '');
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to.replace(/^\+/, '') }],
          messages: [{ id: `wamid.FAKE${String(sent).padStart(6, '0')}` }],
        },
      };
    }
    if (request.method === 'POST' && edge === 'calls') {
      // Calling (voice.md §5): connect answers the new call's id, every other action success.
      if (request.body?.action === 'connect') {
        calls += 1;
        return { status: 200, body: { messaging_product: 'whatsapp', calls: [{ id: `wacid.FAKE${String(calls).padStart(6, '0')}` }] } };
      }
      return { status: 200, body: { messaging_product: 'whatsapp', success: true } };
    }
    if (request.method === 'POST' && edge === 'settings') return { status: 200, body: { success: true } };
    if (request.method === 'GET' && edge === 'call_permissions') {
      const stored = permissions.get(request.query.user_wa_id ?? '');
      return {
        status: 200,
        body: stored ?? {
          messaging_product: 'whatsapp',
          permission: { status: 'no_permission' },
          actions: [
            {
              action_name: 'send_call_permission_request',
              can_perform_action: true,
              limits: [{ time_period: 'PT24H', max_allowed: 1, current_usage: 0 }],
            },
          ],
        },
      };
    }
    return { status: 404, body: graphErrorBody(100, 'Unsupported request - method type: ' + request.method.toLowerCase()) };
  };

  /** Numbers and WABAs are visible only to a token that holds them, as Graph enforces. */
  const answerNumbers = (request: GraphRequest, id: string, edge: string | undefined): GraphReply => {
    const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    const held = [...phoneNumbers.values()].filter((n) => n.token === token);
    if (held.length === 0) return { status: 401, body: graphInvalidTokenBody() };
    if (edge === undefined) {
      const known = held.find((n) => n.id === id);
      if (!known) return { status: 400, body: graphUnknownObjectBody(id) };
      return {
        status: 200,
        body: {
          ...numberFields(known),
          code_verification_status: 'VERIFIED',
          platform_type: 'CLOUD_API',
          throughput: { level: 'STANDARD' },
          status: known.status ?? 'CONNECTED',
          messaging_limit_tier: known.messagingLimitTier ?? 'TIER_1K',
          name_status: known.nameStatus ?? 'APPROVED',
        },
      };
    }
    if (!held.some((n) => n.wabaId === id)) return { status: 400, body: graphUnknownObjectBody(id) };
    const all = held.filter((n) => n.wabaId === id);
    const start = request.query.after ? Number(request.query.after) : 0;
    const size = Math.min(pageSize, Number(request.query.limit ?? 25));
    const more = start + size < all.length;
    const cursors = { before: String(start), after: String(start + size) };
    return {
      status: 200,
      body: {
        data: all.slice(start, start + size).map(numberFields),
        paging: { cursors, ...(more ? { next: `https://graph.facebook.com/${version}/${id}/phone_numbers?after=${start + size}` } : {}) },
      },
    };
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // recorded as text
      }
      const request: GraphRequest = {
        method: req.method ?? '',
        path: url.pathname.replace(new RegExp(`^/${version}`), ''),
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      };
      requests.push(request);
      const reply = answer(request);
      const send = () => res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** What CHATAPP_GRAPH_URL is set to. */
    baseUrl: `http://127.0.0.1:${port}/${version}`,
    requests,
    setTemplates(wabaId: string, list: unknown[]) {
      templates.set(wabaId, list);
    },
    setPageSize(size: number) {
      pageSize = size;
    },
    /** Makes a business number exist on the platform, readable with its token. */
    addPhoneNumber(number: FakePhoneNumber) {
      phoneNumbers.set(number.id, number);
    },
    /** Changes how the platform reports a number from now on (status, quality, limit, name review, token). */
    updatePhoneNumber(id: string, change: Partial<FakePhoneNumber>) {
      const known = phoneNumbers.get(id);
      if (known) phoneNumbers.set(id, { ...known, ...change });
    },
    setCallPermission(waId: string, body: unknown) {
      permissions.set(waId, body);
    },
    override(next: ((request: GraphRequest) => GraphReply | undefined) | undefined) {
      override = next;
    },
    sends: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')),
    /** Calling actions sent (`POST /{phone-number-id}/calls`), optionally of one action. */
    callActions: (action?: string) =>
      requests.filter((r) => r.method === 'POST' && r.path.endsWith('/calls') && (!action || r.body?.action === action)),
    reset() {
      requests.length = 0;
      override = undefined;
      permissions.clear();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function numberFields(number: FakePhoneNumber) {
  return {
    verified_name: number.verifiedName ?? 'Acme Inc',
    display_phone_number: number.displayPhoneNumber,
    id: number.id,
    quality_rating: number.qualityRating ?? 'GREEN',
  };
}

export type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;
