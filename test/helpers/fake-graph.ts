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
  return { error: { message, type: 'OAuthException', code, ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}), fbtrace_id: 'AbCdEf123' } };
}

/**
 * A fake WhatsApp Business Cloud API on 127.0.0.1 speaking the real wire format: template pages
 * with cursors, message sends returning wamids, and call-permission reads. Records every request
 * so tests assert what the adapter sent (path, bearer token, body). `override` answers first.
 */
export async function startFakeGraph(version = 'v23.0') {
  const requests: GraphRequest[] = [];
  const templates = new Map<string, unknown[]>();
  const permissions = new Map<string, unknown>();
  let pageSize = 100;
  let sent = 0;
  let override: ((request: GraphRequest) => GraphReply | undefined) | undefined;

  const answer = (request: GraphRequest): GraphReply => {
    const fromOverride = override?.(request);
    if (fromOverride) return fromOverride;
    const [id, edge] = request.path.split('/').filter(Boolean);
    if (request.method === 'GET' && edge === 'message_templates') {
      const all = templates.get(id!) ?? [];
      const start = request.query.after ? Number(request.query.after) : 0;
      const size = Math.min(pageSize, Number(request.query.limit ?? 25));
      const data = all.slice(start, start + size);
      const more = start + size < all.length;
      const cursors = { before: String(start), after: String(start + size) };
      return { status: 200, body: { data, paging: { cursors, ...(more ? { next: `https://graph.facebook.com/${version}/${id}/message_templates?after=${start + size}` } : {}) } } };
    }
    if (request.method === 'POST' && edge === 'messages') {
      sent += 1;
      const to = String(request.body?.to ?? '');
      return {
        status: 200,
        body: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to.replace(/^\+/, '') }], messages: [{ id: `wamid.FAKE${String(sent).padStart(6, '0')}` }] },
      };
    }
    if (request.method === 'GET' && edge === 'call_permissions') {
      const stored = permissions.get(request.query.user_wa_id ?? '');
      return {
        status: 200,
        body: stored ?? {
          messaging_product: 'whatsapp',
          permission: { status: 'no_permission' },
          actions: [{ action_name: 'send_call_permission_request', can_perform_action: true, limits: [{ time_period: 'PT24H', max_allowed: 1, current_usage: 0 }] }],
        },
      };
    }
    return { status: 404, body: graphErrorBody(100, 'Unsupported request - method type: ' + request.method.toLowerCase()) };
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
    setCallPermission(waId: string, body: unknown) {
      permissions.set(waId, body);
    },
    override(next: ((request: GraphRequest) => GraphReply | undefined) | undefined) {
      override = next;
    },
    sends: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')),
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

export type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;
