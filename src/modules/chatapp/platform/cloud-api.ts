import { Agent, request } from 'undici';
import { isPlatformUserId, toWaId } from '../phone.js';
import { parseGraphTemplate } from './graph-templates.js';
import { parseNumberState } from './number-state.js';
import {
  PlatformError,
  type ChatappPlatform,
  type MediaToSend,
  type NumberState,
  type MediaLocation,
  type PlatformCallPermission,
  type PlatformTemplate,
  type SentMessage,
  type TemplateToSend,
  type VerifiedNumber,
} from './types.js';

export interface CloudApiCredentials {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
}

export interface GraphTransportOptions {
  /** CHATAPP_GRAPH_URL, e.g. https://graph.facebook.com/v23.0. Operator config, not user input. */
  baseUrl: string;
  timeoutMs: number;
}

const TEMPLATE_FIELDS = 'id,name,language,status,category,parameter_format,components';
const TEMPLATE_PAGE_SIZE = 100;
// A runaway cursor (a platform bug, a proxy loop) must not keep a sync job busy forever.
const MAX_TEMPLATE_PAGES = 50;
const NUMBER_FIELDS = 'id,display_phone_number,verified_name';
const NUMBER_PAGE_SIZE = 100;
const NUMBER_STATE_FIELDS = 'id,status,quality_rating,messaging_limit_tier,name_status';
// A business account holds at most a few dozen numbers; 20 pages is far beyond any real one.
const MAX_NUMBER_PAGES = 20;
const MAX_RESPONSE_CHARS = 4 * 1024 * 1024;

/**
 * The WhatsApp Business Cloud API (Meta Graph API) over HTTP: one keep-alive connection pool per
 * process, one client per sender's credentials. Graph errors keep their code and message.
 */
export function createGraphTransport(options: GraphTransportOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const agent = new Agent({ keepAliveTimeout: 10_000, connect: { timeout: options.timeoutMs } });

  async function call(token: string, method: 'GET' | 'POST', path: string, query?: Record<string, string>, body?: unknown) {
    const url = new URL(`${base}/${path}`);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    let statusCode: number;
    let text: string;
    try {
      const response = await request(url, {
        method,
        dispatcher: agent,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      statusCode = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'the request timed out' : (error as Error).message;
      throw new PlatformError({ kind: 'unavailable', message: `The messaging platform could not be reached: ${reason}` });
    }
    const json = parseJson(text.slice(0, MAX_RESPONSE_CHARS));
    if (statusCode >= 400) throw graphError(statusCode, json);
    if (json === undefined)
      throw new PlatformError({
        kind: 'unavailable',
        message: 'The messaging platform answered with something other than JSON.',
        httpStatus: statusCode,
      });
    return json as Record<string, unknown>;
  }

  /**
   * Calls `path` page after page until `onPage` returns a value or the pages run out (then
   * undefined). Follows the cursor against our own base URL, never the absolute `next` link.
   */
  async function findInPages<T>(
    token: string,
    path: string,
    query: Record<string, string>,
    maxPages: number,
    onPage: (data: unknown[]) => T | undefined,
  ): Promise<T | undefined> {
    let after: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const answer = await call(token, 'GET', path, after ? { ...query, after } : query);
      const found = onPage(Array.isArray(answer.data) ? answer.data : []);
      if (found !== undefined) return found;
      const paging = answer.paging as { next?: unknown; cursors?: { after?: unknown } } | undefined;
      const cursor = paging?.cursors?.after;
      if (typeof paging?.next !== 'string' || typeof cursor !== 'string' || cursor === after) return undefined;
      after = cursor;
    }
    return undefined;
  }

  function forSender(credentials: CloudApiCredentials): ChatappPlatform {
    const { phoneNumberId, wabaId, accessToken } = credentials;
    const sendMessage = async (to: string, content: Record<string, unknown>): Promise<SentMessage> => {
      // A customer who hides their number is addressed by the platform's user id (`recipient`).
      const address = isPlatformUserId(to) ? { recipient: to } : { to: toWaId(to) };
      const body = { messaging_product: 'whatsapp', recipient_type: 'individual', ...address, ...content };
      const answer = await call(accessToken, 'POST', `${encodeURIComponent(phoneNumberId)}/messages`, undefined, body);
      const id = (answer.messages as Array<{ id?: unknown }> | undefined)?.[0]?.id;
      if (typeof id !== 'string')
        throw new PlatformError({
          kind: 'unavailable',
          message: 'The messaging platform accepted the message but returned no message id.',
        });
      return { platformMessageId: id };
    };

    const calls = (body: Record<string, unknown>) =>
      call(accessToken, 'POST', `${encodeURIComponent(phoneNumberId)}/calls`, undefined, { messaging_product: 'whatsapp', ...body });

    return {
      /**
       * Reading the number proves the token may use it; finding it in the WABA's own listing proves
       * it belongs to that WABA (a token with access to several accounts could otherwise pair a
       * number with a WABA that is not its own, and the WABA decides templates and webhooks).
       */
      async verifyNumber(): Promise<VerifiedNumber> {
        const number = await call(accessToken, 'GET', encodeURIComponent(phoneNumberId), { fields: NUMBER_FIELDS });
        const listed = await findInPages(
          accessToken,
          `${encodeURIComponent(wabaId)}/phone_numbers`,
          { fields: 'id', limit: String(NUMBER_PAGE_SIZE) },
          MAX_NUMBER_PAGES,
          (data) => (data.some((n) => (n as { id?: unknown } | null)?.id === phoneNumberId) ? true : undefined),
        );
        if (!listed) {
          throw new PlatformError({
            kind: 'rejected',
            message: `phone number id ${phoneNumberId} is not a number of business account ${wabaId}.`,
          });
        }
        if (typeof number.display_phone_number !== 'string') {
          throw new PlatformError({
            kind: 'unavailable',
            message: "The messaging platform answered without the number's display_phone_number.",
          });
        }
        return {
          displayPhoneNumber: number.display_phone_number,
          verifiedName: typeof number.verified_name === 'string' && number.verified_name.trim() !== '' ? number.verified_name : null,
        };
      },

      async listTemplates(): Promise<PlatformTemplate[]> {
        const templates: PlatformTemplate[] = [];
        await findInPages(
          accessToken,
          `${encodeURIComponent(wabaId)}/message_templates`,
          { fields: TEMPLATE_FIELDS, limit: String(TEMPLATE_PAGE_SIZE) },
          MAX_TEMPLATE_PAGES,
          (data) => {
            for (const raw of data) {
              const template = parseGraphTemplate(raw);
              if (template) templates.push(template);
            }
            return undefined;
          },
        );
        return templates;
      },

      sendText: (to, text) => sendMessage(to, { type: 'text', text: { body: text, preview_url: false } }),

      sendMedia: (to, media) => sendMessage(to, { type: media.kind, [media.kind]: mediaObject(media) }),

      sendTemplate: (to, template: TemplateToSend) =>
        sendMessage(to, {
          type: 'template',
          template: {
            name: template.name,
            language: { policy: 'deterministic', code: template.language },
            ...templateComponents(template),
          },
        }),

      sendCallPermissionRequest: (to, bodyText) =>
        sendMessage(to, {
          type: 'interactive',
          interactive: { type: 'call_permission_request', action: { name: 'call_permission_request' }, body: { text: bodyText } },
        }),

      async getNumberState(): Promise<NumberState> {
        const answer = await call(accessToken, 'GET', encodeURIComponent(phoneNumberId), { fields: NUMBER_STATE_FIELDS });
        return parseNumberState(answer);
      },

      /** Reference: `GET /{media-id}` answers the file's short-lived URL, which needs the same token. */
      async mediaLocation(mediaId): Promise<MediaLocation | null> {
        const answer = await call(accessToken, 'GET', encodeURIComponent(mediaId));
        if (typeof answer.url !== 'string') return null;
        return {
          url: answer.url,
          mimeType: typeof answer.mime_type === 'string' ? answer.mime_type : null,
          authorization: `Bearer ${accessToken}`,
        };
      },

      calling: {
        async connect(to, sdpOffer, callbackData) {
          const address = isPlatformUserId(to) ? { recipient: to } : { to: toWaId(to) };
          const answer = await calls({
            ...address,
            action: 'connect',
            session: { sdp_type: 'offer', sdp: sdpOffer },
            biz_opaque_callback_data: callbackData,
          });
          const id = (answer.calls as Array<{ id?: unknown }> | undefined)?.[0]?.id;
          if (typeof id !== 'string')
            throw new PlatformError({ kind: 'unavailable', message: 'The messaging platform accepted the call but returned no call id.' });
          return { callId: id };
        },
        preAccept: async (callId, sdpAnswer) =>
          void (await calls({ call_id: callId, action: 'pre_accept', session: { sdp_type: 'answer', sdp: sdpAnswer } })),
        accept: async (callId, sdpAnswer, callbackData) =>
          void (await calls({
            call_id: callId,
            action: 'accept',
            session: { sdp_type: 'answer', sdp: sdpAnswer },
            biz_opaque_callback_data: callbackData,
          })),
        reject: async (callId) => void (await calls({ call_id: callId, action: 'reject' })),
        terminate: async (callId) => void (await calls({ call_id: callId, action: 'terminate' })),
        async setCallingEnabled(enabled) {
          // Opus is always on and is what we answer; G.711 would only make the platform transcode.
          const calling = { status: enabled ? 'ENABLED' : 'DISABLED' };
          await call(accessToken, 'POST', `${encodeURIComponent(phoneNumberId)}/settings`, undefined, { calling });
        },
      },

      async getCallPermission(to): Promise<PlatformCallPermission> {
        const answer = await call(accessToken, 'GET', `${encodeURIComponent(phoneNumberId)}/call_permissions`, { user_wa_id: toWaId(to) });
        return parseCallPermission(answer);
      },
    };
  }

  return { forSender, close: () => agent.close() };
}

export type GraphTransport = ReturnType<typeof createGraphTransport>;

/**
 * The send's components (reference §3.2): the header's parameter, the body's in placeholder order
 * (named ones with parameter_name), and one `button` component per URL button, by its index.
 */
export function templateComponents(template: TemplateToSend): { components?: unknown[] } {
  const named = template.parameterFormat === 'named';
  const components: unknown[] = [];
  const header = template.header;
  if (header?.format === 'text') {
    components.push({
      type: 'header',
      parameters: [named ? { type: 'text', parameter_name: header.name, text: header.value } : { type: 'text', text: header.value }],
    });
  } else if (header) {
    const media = header.link ? { link: header.link } : { id: header.mediaId };
    components.push({ type: 'header', parameters: [{ type: header.format, [header.format]: media }] });
  }
  const parameters = template.parameters.map((p) =>
    named ? { type: 'text', parameter_name: p.name, text: p.value } : { type: 'text', text: p.value },
  );
  if (parameters.length > 0) components.push({ type: 'body', parameters });
  for (const button of template.buttons ?? []) {
    components.push({ type: 'button', sub_type: 'url', index: String(button.index), parameters: [{ type: 'text', text: button.value }] });
  }
  return components.length > 0 ? { components } : {};
}

function mediaObject(media: MediaToSend): Record<string, string> {
  const object: Record<string, string> = { link: media.url };
  // Audio carries no caption on the platform.
  if (media.caption && media.kind !== 'audio') object.caption = media.caption;
  if (media.filename && media.kind === 'document') object.filename = media.filename;
  return object;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `{"error": {"message", "code", "error_data": {"details"}}}` -> PlatformError, message kept verbatim. */
export function graphError(httpStatus: number, json: unknown): PlatformError {
  const error = (json as { error?: Record<string, unknown> } | undefined)?.error;
  const kind = httpStatus >= 500 || httpStatus === 429 ? 'unavailable' : 'rejected';
  if (!error || typeof error !== 'object') {
    return new PlatformError({ kind, message: `The messaging platform answered HTTP ${httpStatus}.`, httpStatus });
  }
  const details = (error.error_data as { details?: unknown } | undefined)?.details;
  return new PlatformError({
    kind,
    message: typeof error.message === 'string' ? error.message : `The messaging platform answered HTTP ${httpStatus}.`,
    code: typeof error.code === 'number' ? error.code : null,
    subcode: typeof error.error_subcode === 'number' ? error.error_subcode : null,
    details: typeof details === 'string' ? details : null,
    httpStatus,
    fbtraceId: typeof error.fbtrace_id === 'string' ? error.fbtrace_id : null,
  });
}

/**
 * The guide's wire format (`no_permission|temporary|permanent`, limits per action). Meta's
 * generated reference documents other words; anything unrecognised is `unknown` rather than a guess.
 */
export function parseCallPermission(answer: Record<string, unknown>): PlatformCallPermission {
  const permission = (answer.permission ?? {}) as { status?: unknown; expiration_time?: unknown; expiration?: unknown };
  const word = typeof permission.status === 'string' ? permission.status.toLowerCase() : '';
  const status = word === 'no_permission' || word === 'temporary' || word === 'permanent' ? word : 'unknown';
  const expiry = Number(permission.expiration_time ?? permission.expiration);
  const actions = Array.isArray(answer.actions) ? (answer.actions as Array<{ action_name?: unknown; can_perform_action?: unknown }>) : [];
  const ask = actions.find((a) => a?.action_name === 'send_call_permission_request');
  return {
    status,
    expiresAt: Number.isFinite(expiry) && expiry > 0 && expiry < 1e11 ? new Date(expiry * 1000) : null,
    canSendRequest: typeof ask?.can_perform_action === 'boolean' ? ask.can_perform_action : null,
  };
}
