import ipaddr from 'ipaddr.js';
import type { DbOrTx } from '../../core/db/transaction.js';
import { AppError, tooManyRequests } from '../../core/http/errors.js';
import type { PublicCaller } from '../../core/http/public-caller.js';
import { consumeEachLimit } from '../../core/limits/fixed-window.js';
import type { NamedLimit } from './admission.js';
import type { ConversationRow } from './conversations.repo.js';

/**
 * What the public conversation routes (the chat widget's, addressed by UUID alone) allow. A UUID
 * leaks easily (webhooks, browser storage, logs), so it is never enough to reach a customer's
 * api or chatapp transcript or a free test conversation; and every widget message spends the
 * owner's money, so anonymous traffic is bounded per client address and per conversation.
 */

/** Per-deployment bounds (docs/configuration.md: the WIDGET_* keys). */
export interface PublicLimits {
  conversationsPerIpPerHour: number;
  messagesPerConversationPerMinute: number;
  messagesPerIpPerMinute: number;
}

export type { PublicCaller };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Read by a newcomer trying their first assistant (new ones start inactive): it says how to activate it. */
export const ASSISTANT_INACTIVE =
  'This assistant is not active. Its owner can activate it with PUT /api/user/assistant/{id} and the body {"status": "active"}.';
export const assistantInactive = () => new AppError(403, ASSISTANT_INACTIVE, { code: 'ASSISTANT_INACTIVE' });

/** The operator suspended the assistant's account: the public is not told why. */
export const ASSISTANT_UNAVAILABLE = 'This assistant is not available.';
export const assistantUnavailable = () => new AppError(403, ASSISTANT_UNAVAILABLE, { code: 'ASSISTANT_UNAVAILABLE' });

/**
 * Widget conversations are public. A test conversation is its owner's only (it is free). The
 * owner may also read, never write, their api and chatapp conversations here, as the reference's
 * get route shows their channel fields; anyone else gets "not found" for all of these.
 */
export function isPubliclyReachable(
  conversation: Pick<ConversationRow, 'type' | 'user_id'>,
  caller: PublicCaller,
  action: 'read' | 'send',
): boolean {
  if (conversation.type === 'widget') return true;
  const isOwner = caller.auth !== null && caller.auth.userId === conversation.user_id;
  if (conversation.type === 'test') return isOwner;
  return isOwner && action === 'read';
}

/**
 * The unit a per-address limit counts: an IPv4 address, or an IPv6 /64 (one subscriber's
 * network: anyone holding one can use 2^64 addresses, so counting single addresses would not
 * limit them at all).
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let address = ipaddr.parse(ip);
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()) address = address.toIPv4Address();
  if (address instanceof ipaddr.IPv4) return address.toString();
  return `${address.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

export function conversationStartLimits(limits: PublicLimits, clientIp: string): NamedLimit[] {
  return [
    {
      bucket: `widget:conversations:ip:${clientNetwork(clientIp)}`,
      limit: limits.conversationsPerIpPerHour,
      windowMs: HOUR_MS,
      refusal: 'Too many conversations were started from your network. Please try again later.',
    },
  ];
}

/** Per conversation first, then per address: every transaction takes these row locks in one order. */
export function messageLimits(limits: PublicLimits, conversationId: number, clientIp: string): NamedLimit[] {
  return [
    {
      bucket: `widget:messages:conversation:${conversationId}`,
      limit: limits.messagesPerConversationPerMinute,
      windowMs: MINUTE_MS,
      refusal: 'You are sending messages too quickly. Please wait a moment and try again.',
    },
    {
      bucket: `widget:messages:ip:${clientNetwork(clientIp)}`,
      limit: limits.messagesPerIpPerMinute,
      windowMs: MINUTE_MS,
      refusal: 'Too many messages were sent from your network. Please wait a moment and try again.',
    },
  ];
}

/**
 * Counts one attempt against each limit, in the caller's transaction: a refusal throws, which
 * rolls the transaction back, so a refused attempt counts against no limit.
 */
export async function enforceLimits(tx: DbOrTx, limits: NamedLimit[], now: Date): Promise<void> {
  const verdicts = await consumeEachLimit(tx, limits, now);
  const refused = verdicts.findIndex((verdict) => !verdict.allowed);
  if (refused >= 0) throw tooManyRequests(limits[refused]!.refusal, verdicts[refused]!.retryAfterSeconds, 'RATE_LIMITED');
}
