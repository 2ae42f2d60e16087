import type { MemberRole } from '../../shell/role.js';

/** Least to most, as the server orders them. */
export const MEMBER_ROLES: readonly MemberRole[] = ['viewer', 'editor', 'admin', 'owner'];

export const ROLE_LABELS: Record<MemberRole, string> = { viewer: 'Viewer', editor: 'Editor', admin: 'Admin', owner: 'Owner' };

/** What each role may do, in the words of the API's roles. */
export const ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  viewer: 'Sees assistants, conversations and calls; changes nothing and sees no secrets.',
  editor: 'Builds and runs assistants, knowledge, tools and campaigns.',
  admin: 'Also manages members, API keys, numbers, chat apps and the balance.',
  owner: 'Everything, including the owners of the account.',
};

/** The roles a member may give (to a member, an invitee or an API key): up to their own. */
export function grantableRoles(own: MemberRole | undefined): MemberRole[] {
  if (!own) return [];
  return MEMBER_ROLES.slice(0, MEMBER_ROLES.indexOf(own) + 1);
}

/** Admins manage members; only an owner manages an owner (the API says the same). */
export function canManage(own: MemberRole | undefined, member: MemberRole): boolean {
  if (own !== 'admin' && own !== 'owner') return false;
  return member !== 'owner' || own === 'owner';
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When a link stops working, from now: "in 3 days", "in 5 hours", "in 12 minutes", or "expired". */
export function expiresInWords(expiresAt: string | Date, now: Date = new Date()): string {
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (left <= 0) return 'expired';
  if (left >= 2 * DAY) return relative.format(Math.round(left / DAY), 'day');
  if (left >= 2 * HOUR) return relative.format(Math.round(left / HOUR), 'hour');
  if (left >= MINUTE) return relative.format(Math.round(left / MINUTE), 'minute');
  return 'in less than a minute';
}
