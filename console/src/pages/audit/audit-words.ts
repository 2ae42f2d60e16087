import { formatUsdChange } from '../../format/format.js';
import { humanize } from '../../format/words.js';

/** What each kind of resource is called in a sentence. */
const NOUNS: Record<string, string> = {
  account: 'account',
  api_key: 'API key',
  assistant: 'assistant',
  balance: 'balance',
  call: 'call',
  campaign: 'campaign',
  document: 'document',
  folder: 'folder',
  invitation: 'invitation',
  knowledge_base: 'knowledge base',
  label: 'label',
  lead: 'lead',
  member: 'member',
  phone_number: 'phone number',
  sender: 'chat app number',
  sip_trunk: 'SIP trunk',
  tool: 'tool',
  webhook_secret: 'webhook signing secret',
};

/** Actions a verb and a noun would say badly. */
const SENTENCES: Record<string, string> = {
  'member.signed_in': 'Signed in',
  'member.joined': 'Joined the account',
  'member.left': 'Left the account',
  'member.role_changed': "Changed a member's role",
  'webhook_secret.rotated': 'Rotated the webhook signing secret',
  'balance.credited': 'Credited the balance',
  'balance.debited': 'Debited the balance',
  'account.suspended': 'Suspended the account',
  'account.restored': 'Restored the account',
};

/** The actions the log records, in the order the filter offers them. */
export const AUDIT_ACTIONS = [
  'assistant.created',
  'assistant.updated',
  'assistant.deleted',
  'knowledge_base.deleted',
  'document.deleted',
  'tool.deleted',
  'campaign.deleted',
  'lead.deleted',
  'folder.deleted',
  'label.deleted',
  'call.deleted',
  'phone_number.deleted',
  'sender.deleted',
  'webhook_secret.rotated',
  'api_key.created',
  'api_key.deleted',
  'member.signed_in',
  'member.invited',
  'invitation.revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'balance.credited',
  'balance.debited',
  'account.suspended',
  'account.restored',
] as const;

/** The kind of a resource as a noun: "knowledge base", "API key". */
export function resourceNoun(resourceType: string): string {
  return NOUNS[resourceType] ?? resourceType.replace(/_/g, ' ');
}

/** `<resource>.<verb>` as words: "Updated assistant", "Deleted knowledge base", "Signed in". */
export function actionInWords(action: string): string {
  const sentence = SENTENCES[action];
  if (sentence) return sentence;
  const dot = action.lastIndexOf('.');
  if (dot < 0) return humanize(action);
  return `${humanize(action.slice(dot + 1))} ${resourceNoun(action.slice(0, dot))}`;
}

/** What a row's details add, in words ("Changed name, speech speed"), or null when nothing worth a line. */
export function detailsInWords(details: Record<string, unknown>): string | null {
  const parts: string[] = [];
  if (Array.isArray(details.fields) && details.fields.length > 0) {
    parts.push(`Changed ${details.fields.map((field) => String(field).replace(/_/g, ' ')).join(', ')}`);
  }
  if (typeof details.from === 'string' && typeof details.to === 'string') parts.push(`From ${details.from} to ${details.to}`);
  if (Array.isArray(details.api_keys_lowered) && details.api_keys_lowered.length > 0) {
    const names = details.api_keys_lowered.map((key: { name?: unknown }) => `“${String(key.name)}”`);
    parts.push(`API keys lowered to ${String(details.to)}: ${names.join(', ')}`);
  }
  if (typeof details.role === 'string') parts.push(`Role: ${details.role}`);
  if (typeof details.amount === 'number') parts.push(`Amount: ${formatUsdChange(details.amount)}`);
  if (typeof details.release_at === 'string') parts.push(`Goes at the end of its paid period (${details.release_at.slice(0, 10)})`);
  if (typeof details.reason === 'string') parts.push(`Reason: ${details.reason}`);
  return parts.length > 0 ? parts.join('. ') : null;
}

/** The resource as a reader knows it: its name when the row kept one, else its kind and id. */
export function resourceInWords(row: { resource_type: string; resource_id: string | null; details: Record<string, unknown> }): string {
  const noun = resourceNoun(row.resource_type);
  const kind = noun.charAt(0).toUpperCase() + noun.slice(1);
  const { details } = row;
  const name = [details.name, details.display_name, details.phone_number, details.email].find(
    (value) => typeof value === 'string' && value !== '',
  );
  if (name) return `${kind} “${name}”`;
  return row.resource_id === null ? kind : `${kind} #${row.resource_id}`;
}
