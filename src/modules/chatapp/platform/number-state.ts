import type { NumberState } from './types.js';

/** Messaging limit tiers (unique customers per 24 hours); TIER_NOT_SET says nothing yet. */
const TIER_LIMITS: Record<string, number | null> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: null,
};

/** The limit a tier word means: a number, null for unlimited, undefined when the word says nothing. */
export function messagingLimitOfTier(tier: unknown): number | null | undefined {
  if (typeof tier !== 'string') return undefined;
  const key = tier.toUpperCase();
  return key in TIER_LIMITS ? TIER_LIMITS[key] : undefined;
}

/**
 * Number statuses under which nothing can be sent from it: the number left the Cloud API, was
 * deleted or banned, or never finished registration. FLAGGED, RESTRICTED and RATE_LIMITED numbers
 * still send (less), so they stay online.
 */
const OFFLINE_STATUSES = new Set(['DISCONNECTED', 'DELETED', 'BANNED', 'PENDING', 'UNVERIFIED', 'EXPIRED']);

/** Why a number with this status is offline, or null when it can send. */
export function offlineReasonOfStatus(status: string | null): string | null {
  if (!status || !OFFLINE_STATUSES.has(status.toUpperCase())) return null;
  return `The messaging platform reports the number as ${status.toUpperCase()}.`;
}

const word = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toUpperCase() : null);

export function parseNumberState(answer: Record<string, unknown>): NumberState {
  return {
    status: word(answer.status),
    qualityRating: word(answer.quality_rating),
    messagingLimit: messagingLimitOfTier(answer.messaging_limit_tier),
    nameStatus: word(answer.name_status),
  };
}
