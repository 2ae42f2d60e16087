import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../core/http/fastify-types.js';
import { originRefused, type OriginVerdict, type WidgetService } from './widget.service.js';

/** Public routes a page on another origin calls, by how they name the assistant. */
const BY_CONVERSATION = new Set(['/api/conversations/:uuid', '/api/conversations/:uuid/messages']);
const BY_ASSISTANT_PARAM = new Set(['/api/widget/:uuid/config']);
/** A new conversation and a new browser call name their assistant in the body. */
const BY_ASSISTANT_BODY = new Set(['/api/conversations', '/api/calls/web']);
export const CORS_ROUTES = [...BY_ASSISTANT_BODY, ...BY_CONVERSATION, ...BY_ASSISTANT_PARAM];

const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for the widget's routes, decided by the assistant's allowed_origins. Headers are set on
 * the raw response so they also reach streamed (hijacked) replies and errors thrown later
 * (a 429 must be readable, or the widget cannot show how long to wait). A refused origin gets
 * 403 and no CORS headers; a request without Origin (a server, curl) is not a CORS request and
 * is left alone.
 */
export function installWidgetCors(app: App, widget: WidgetService): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    const route = request.routeOptions.url;
    if (!origin || request.method === 'OPTIONS' || !route || isOwnersOwnPage(request, origin)) return;
    const uuid = (request.params as { uuid?: unknown }).uuid;
    if (BY_CONVERSATION.has(route)) applyVerdict(await widget.originForConversation(uuid, origin), origin, reply);
    else if (BY_ASSISTANT_PARAM.has(route)) applyVerdict(await widget.originForAssistant(uuid, origin), origin, reply);
    // The assistant of a new conversation is in the body, which is not read yet: allow the
    // CORS read of early answers (429, bad JSON) now, and decide on the body in preValidation.
    else if (BY_ASSISTANT_BODY.has(route)) allowOrigin(origin, reply);
  });

  app.addHook('preValidation', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || request.method !== 'POST' || !BY_ASSISTANT_BODY.has(request.routeOptions.url ?? '') || isOwnersOwnPage(request, origin))
      return;
    const body = request.body as { assistant_id?: unknown } | undefined;
    const verdict = await widget.originForAssistant(body?.assistant_id, origin);
    if (verdict === 'refused') {
      withdrawOrigin(reply);
      throw originRefused();
    }
  });
}

/**
 * A page of this server (the console at /app, the test call page) calling with a token is not
 * a website embedding the assistant: the token decides what it may do (a test conversation or
 * call is its owner's only), and allowed_origins, which lists the owner's websites, does not
 * apply. Without a token the same page is treated like any website.
 */
function isOwnersOwnPage(request: FastifyRequest, origin: string): boolean {
  if (!/^bearer /i.test(request.headers.authorization ?? '')) return false;
  try {
    return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}

/** OPTIONS answer: the conversation's or assistant's list decides; a new conversation's cannot be known yet. */
export async function answerPreflight(request: FastifyRequest, reply: FastifyReply, widget: WidgetService): Promise<void> {
  const origin = request.headers.origin;
  void reply.header('allow', 'GET, POST, OPTIONS');
  if (!origin) return void reply.status(204).send();
  const route = request.routeOptions.url ?? '';
  const uuid = (request.params as { uuid?: unknown }).uuid;
  const verdict: OriginVerdict = BY_CONVERSATION.has(route)
    ? await widget.originForConversation(uuid, origin)
    : BY_ASSISTANT_PARAM.has(route)
      ? await widget.originForAssistant(uuid, origin)
      : 'unknown';
  if (verdict === 'refused') throw originRefused();
  allowOrigin(origin, reply);
  reply.raw.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  // Content-Type: application/json is what makes the widget's POSTs need a preflight.
  reply.raw.setHeader('access-control-allow-headers', 'Content-Type, Accept');
  reply.raw.setHeader('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
  void reply.status(204).send();
}

function applyVerdict(verdict: OriginVerdict, origin: string, reply: FastifyReply): void {
  if (verdict === 'refused') throw originRefused();
  allowOrigin(origin, reply);
}

function allowOrigin(origin: string, reply: FastifyReply): void {
  reply.raw.setHeader('access-control-allow-origin', origin);
  reply.raw.setHeader('access-control-expose-headers', 'Retry-After, ETag');
  reply.raw.setHeader('vary', 'Origin');
}

function withdrawOrigin(reply: FastifyReply): void {
  reply.raw.removeHeader('access-control-allow-origin');
  reply.raw.removeHeader('access-control-expose-headers');
}
