import { ApiError, errorCodeOf } from '../../api/errors.js';

/** A refusal explained: what went wrong, what to do, and the platform's own words when it gave some. */
export interface Explained {
  title: string;
  text: string;
  platformSaid: string | null;
}

interface PlatformError {
  code: number | null;
  message: string;
}

function platformErrorOf(error: unknown): PlatformError | null {
  const raw = error instanceof ApiError ? error.body.platform_error : undefined;
  if (!raw || typeof raw !== 'object') return null;
  const { code, message } = raw as Record<string, unknown>;
  return { code: typeof code === 'number' ? code : null, message: typeof message === 'string' ? message : '' };
}

function platformSaid(platform: PlatformError | null): string | null {
  if (!platform?.message) return null;
  return platform.code === null ? platform.message : `${platform.message} (code ${platform.code})`;
}

/**
 * Why connecting a number failed, in words: the ownership check asks Meta whether the token may
 * read the number and whether the number is in the business account. Null when the error is
 * not one of these (field errors, a lost connection): the form shows those as they are.
 */
export function connectErrorInWords(error: unknown, ids: { phoneNumberId: string; wabaId: string }): Explained | null {
  const code = errorCodeOf(error);
  const platform = platformErrorOf(error);
  const said = platformSaid(platform);
  if (code === 'PLATFORM_UNAVAILABLE') {
    return {
      title: 'Meta could not be reached',
      text: 'The number could not be checked with Meta, so nothing was saved. Try again in a minute.',
      platformSaid: said,
    };
  }
  if (code === 'CALLING_SETTINGS_FAILED') {
    return {
      title: 'Meta would not turn calling on',
      text: 'The number was not connected. Connect it with calling off, then turn calling on once Meta allows it for this number.',
      platformSaid: said,
    };
  }
  if (code !== 'PLATFORM_REJECTED') return null;
  if (platform?.code === 190) {
    return {
      title: 'Meta did not accept the access token',
      text: 'Copy the token again from Meta Business Settings (Users → System users → Generate token), with the whatsapp_business_messaging and whatsapp_business_management permissions. A token that expired or was revoked is refused too.',
      platformSaid: said,
    };
  }
  if (platform?.code === 100) {
    return {
      title: 'This token cannot see that phone number',
      text: `The token has no access to phone number ID ${ids.phoneNumberId}. The ID may be mistyped, or the number belongs to a business account the token's system user was not given. Check the ID in Meta's WhatsApp Manager, under API Setup.`,
      platformSaid: said,
    };
  }
  if (platform?.message.includes('is not a number of business account')) {
    return {
      title: 'The number is not in that business account',
      text: `Phone number ID ${ids.phoneNumberId} is not one of the numbers of WhatsApp Business Account ${ids.wabaId}. Check both IDs in Meta's WhatsApp Manager, under API Setup.`,
      platformSaid: said,
    };
  }
  return { title: 'Meta refused these details', text: 'Check the IDs and the access token, then try again.', platformSaid: said };
}

/** Why turning calling on or off failed, in words, with Meta's own words. */
export function callingErrorInWords(error: unknown, enable: boolean): Explained | null {
  if (errorCodeOf(error) !== 'CALLING_SETTINGS_FAILED') return null;
  return {
    title: `Meta would not turn calling ${enable ? 'on' : 'off'}`,
    text: enable
      ? 'Nothing changed. Meta allows calling only on numbers that can message at least 2,000 customers a day, in countries where business calls are available.'
      : 'Nothing changed. Try again in a minute.',
    platformSaid: platformSaid(platformErrorOf(error)),
  };
}

/** Meta's quality rating: how customers have received the number's messages lately. */
export const QUALITY: Record<string, { label: string; color: string; explains: string }> = {
  GREEN: { label: 'High', color: 'teal.9', explains: 'Customers are happy with your messages.' },
  YELLOW: { label: 'Medium', color: 'yellow.9', explains: 'Some customers blocked or reported your messages lately.' },
  RED: { label: 'Low', color: 'red.9', explains: 'Many customers blocked or reported your messages; Meta may lower your daily limit.' },
  UNKNOWN: { label: 'Not rated yet', color: 'gray.8', explains: 'Meta rates a number once it has sent messages.' },
};

export const qualityOf = (rating: string) => QUALITY[rating] ?? QUALITY.UNKNOWN!;

/** Meta's review of the display name. */
export function nameReviewInWords(status: string | null): string {
  if (!status) return '—';
  const upper = status.toUpperCase();
  if (upper === 'APPROVED' || upper === 'AVAILABLE_WITHOUT_REVIEW') return 'Approved';
  if (upper.startsWith('PENDING')) return 'Being reviewed';
  if (upper === 'DECLINED') return 'Declined';
  if (upper === 'EXPIRED') return 'Expired';
  return upper.charAt(0) + upper.slice(1).toLowerCase().replace(/_/g, ' ');
}

/** A template's review by Meta, as a badge. */
export const TEMPLATE_STATUS: Record<string, { label: string; color: string }> = {
  approved: { label: 'Approved', color: 'teal.9' },
  pending: { label: 'Waiting for review', color: 'blue.9' },
  rejected: { label: 'Rejected', color: 'red.9' },
};

export interface Permission {
  status: 'pending' | 'granted' | 'rejected' | 'revoked' | 'expired' | null;
  can_call: boolean;
  can_request: boolean;
  session_open: boolean;
  expires_at: string | null;
}

/** Whether the customer lets the business call them (Ask to call), and what can be done next. */
export function permissionInWords(
  p: Permission,
  formatTime: (iso: string) => string,
  callingOn: boolean,
): { label: string; color: string; next: string } {
  const states: Record<string, { label: string; color: string }> = {
    pending: { label: 'Asked, waiting for their answer', color: 'blue.9' },
    granted: { label: p.expires_at ? `Allowed until ${formatTime(p.expires_at)}` : 'Allowed', color: 'teal.9' },
    rejected: { label: 'Declined', color: 'red.9' },
    revoked: { label: 'No longer allowed', color: 'red.9' },
    expired: { label: 'The permission ran out', color: 'gray.8' },
  };
  const state = (p.status && states[p.status]) || { label: 'Not asked yet', color: 'gray.8' };
  let next: string;
  if (p.can_call) next = 'The assistant can call them now.';
  else if (!callingOn) next = 'Turn calling on above to ask them.';
  else if (p.can_request) next = 'You can ask them now.';
  else if (!p.session_open) next = 'You can ask once they have written to you in the last 24 hours.';
  else if (p.status === 'pending') next = 'Wait for their answer; they can allow or decline in the chat.';
  else next = 'You cannot ask again yet: one ask a day and two a week per customer, until a call connects.';
  return { ...state, next };
}
