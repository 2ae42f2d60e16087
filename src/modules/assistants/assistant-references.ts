import type { DbOrTx } from '../../core/db/transaction.js';
import type { FieldErrors } from '../../core/http/errors.js';
import { humanize } from '../../core/http/validation-messages.js';
import type { PhoneNumbersService } from '../phone-numbers/index.js';
import type { ToolsService } from '../tools/index.js';
import type { AssistantSettings, SettingsField } from './assistant-fields.schemas.js';
import type { GroupsService } from './groups.service.js';
import { createAssistantsRepo } from './assistants.repo.js';

/** Knowledge bases live in their own module; assistants only ask whether an id is the caller's. */
export interface KnowledgeBaseDirectory {
  isOwnedBy(userId: number, knowledgeBaseId: number, tx: DbOrTx): Promise<boolean>;
}

export interface ReferenceOwners {
  folders: GroupsService;
  labels: GroupsService;
  tools: ToolsService;
  phoneNumbers: PhoneNumbersService;
  knowledgeBases: KnowledgeBaseDirectory;
}

export interface ReferenceCheck {
  userId: number;
  /** null while creating. */
  assistantId: number | null;
  before: AssistantSettings | null;
  after: AssistantSettings;
  changed: Set<SettingsField>;
}

const invalid = (field: string) => `The selected ${humanize(field)} is invalid.`;

/**
 * Every id an assistant references must be the caller's; another account's id is a validation
 * error on that field, worded exactly like an unknown id, so nothing leaks. Only references
 * that the request changes are looked up: unchanged ones were checked when they were set, and
 * deletes detach them (foreign keys, or the cleanup in the owners' delete paths).
 */
export async function referenceErrors(tx: DbOrTx, owners: ReferenceOwners, check: ReferenceCheck): Promise<FieldErrors> {
  const { userId, after, changed } = check;
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  if (changed.has('folder_id') && after.folder_id !== null) {
    if (!(await owners.folders.ownedIds(userId, [after.folder_id], tx)).has(after.folder_id)) add('folder_id', invalid('folder_id'));
  }
  for (const [field, owner] of [
    ['label_ids', owners.labels],
    ['tool_ids', owners.tools],
  ] as const) {
    if (!changed.has(field)) continue;
    const owned = await owner.ownedIds(userId, after[field], tx);
    after[field].forEach((id, i) => owned.has(id) || add(`${field}.${i}`, invalid(`${field}.${i}`)));
  }
  if (changed.has('knowledgebase_id') && after.knowledgebase_id !== null) {
    if (!(await owners.knowledgeBases.isOwnedBy(userId, after.knowledgebase_id, tx))) add('knowledgebase_id', invalid('knowledgebase_id'));
  }
  if (after.phone_number_id !== null && (changed.has('phone_number_id') || changed.has('type'))) {
    const message = await phoneAssignmentError(tx, owners.phoneNumbers, check, after.phone_number_id);
    if (message) add('phone_number_id', message);
  }
  if (changed.has('tools')) await toolReferenceErrors(tx, owners.phoneNumbers, check, add);
  return errors;
}

export const INBOUND_TAKEN = 'The phone number is already assigned to another inbound assistant.';

async function phoneAssignmentError(tx: DbOrTx, phones: PhoneNumbersService, check: ReferenceCheck, phoneId: number) {
  const [phone] = await phones.lockOwned(check.userId, [phoneId], tx);
  if (!phone) return invalid('phone_number_id');
  if (check.after.type !== 'inbound') return undefined;
  if (phone.type === 'caller_id') return 'A Caller ID number cannot be assigned to an inbound assistant.';
  // The partial unique index is the real guard; this only gives the common case its message early.
  if (await createAssistantsRepo(tx).inboundHolder(phoneId, check.assistantId)) return INBOUND_TAKEN;
  return undefined;
}

/** Transfer targets and the dialling line of warm transfers; only ids new to this request are locked. */
async function toolReferenceErrors(tx: DbOrTx, phones: PhoneNumbersService, check: ReferenceCheck, add: (f: string, m: string) => void) {
  const idsOf = (tools: AssistantSettings['tools'], type: string, field: string) =>
    new Set(tools.filter((t) => t.type === type).map((t) => Number(t[field])));
  const before = check.before?.tools ?? [];
  const knownTargets = idsOf(before, 'assistant_transfer', 'assistant_id');
  const knownLines = idsOf(before, 'warm_call_transfer', 'outbound_phone_id');
  const newTargets = [...idsOf(check.after.tools, 'assistant_transfer', 'assistant_id')].filter((id) => !knownTargets.has(id));
  const newLines = [...idsOf(check.after.tools, 'warm_call_transfer', 'outbound_phone_id')].filter((id) => !knownLines.has(id));
  const targets = await createAssistantsRepo(tx).lockOwnedAssistants(check.userId, newTargets);
  const lines = new Set((await phones.lockOwned(check.userId, newLines, tx)).map((p) => p.id));

  check.after.tools.forEach((tool, i) => {
    if (tool.type === 'assistant_transfer') {
      const target = Number(tool.assistant_id);
      const field = `tools.${i}.assistant_id`;
      if (target === check.assistantId) add(field, 'An assistant cannot transfer to itself.');
      else if (!knownTargets.has(target) && !targets.has(target)) add(field, invalid(field));
    }
    if (tool.type === 'warm_call_transfer') {
      const line = Number(tool.outbound_phone_id);
      const field = `tools.${i}.outbound_phone_id`;
      if (!knownLines.has(line) && !lines.has(line)) add(field, invalid(field));
    }
  });
}
