import { messagingLimitOfTier } from '../platform/number-state.js';
import { obj, str, type Obj } from './webhook-values.js';

/** What an account or number webhook changes on the senders it names; undefined: unchanged. */
export interface NumberStateChange {
  /** A reason takes the sender offline; null brings it back online. */
  offlineReason?: string | null;
  qualityRating?: string;
  messagingLimit?: number | null;
  nameStatus?: string;
  verifiedName?: string;
}

export const NUMBER_FIELDS = new Set(['account_update', 'phone_number_quality_update', 'phone_number_name_update']);

/** account_update events that leave the account unable to send, and the one that undoes a ban. */
const ACCOUNT_OFFLINE_EVENTS: Record<string, string> = {
  ACCOUNT_DELETED: 'The business account was deleted on the messaging platform.',
  PARTNER_REMOVED: 'The business account no longer shares access with this app.',
  PARTNER_APP_UNINSTALLED: 'The business account uninstalled this app.',
};
const BAN_STATES_OFFLINE = new Set(['DISABLE', 'DISABLED']);
const BAN_STATES_ONLINE = new Set(['REINSTATE', 'REINSTATED']);

/**
 * The platform's account and number webhooks, read into a change of the senders they name.
 * Quality arrives only as FLAGGED/UNFLAGGED here (the 5-minute poll reads the exact rating);
 * the messaging limit as a tier word (current_limit) or a number (max_daily_conversations_per_business).
 */
export function numberStateChange(field: string, value: Obj): NumberStateChange | null {
  const event = str(value.event)?.toUpperCase();
  if (field === 'account_update') {
    if (event === 'DISABLED_UPDATE') {
      const ban = str(obj(value.ban_info)?.waba_ban_state)?.toUpperCase();
      if (ban && BAN_STATES_OFFLINE.has(ban)) return { offlineReason: 'The business account was disabled by the messaging platform.' };
      if (ban && BAN_STATES_ONLINE.has(ban)) return { offlineReason: null };
      return null;
    }
    const reason = event ? ACCOUNT_OFFLINE_EVENTS[event] : undefined;
    return reason ? { offlineReason: reason } : null;
  }
  if (field === 'phone_number_quality_update') {
    const change: NumberStateChange = {};
    if (event === 'FLAGGED') change.qualityRating = 'RED';
    if (event === 'UNFLAGGED') change.qualityRating = 'GREEN';
    const daily = Number(value.max_daily_conversations_per_business);
    const tier = messagingLimitOfTier(value.current_limit);
    if (Number.isInteger(daily) && daily > 0) change.messagingLimit = daily;
    else if (tier !== undefined) change.messagingLimit = tier;
    return Object.keys(change).length > 0 ? change : null;
  }
  // A decision is a word (APPROVED, REJECTED, DEFERRED, ...); anything else is not one.
  const decision = typeof value.decision === 'string' ? value.decision.toUpperCase() : undefined;
  if (!decision || !/^[A-Z_]+$/.test(decision)) return null;
  const name = str(value.requested_verified_name);
  return decision === 'APPROVED' && name ? { nameStatus: decision, verifiedName: name } : { nameStatus: decision };
}
