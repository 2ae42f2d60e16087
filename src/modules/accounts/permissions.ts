import type { RequiredRole, RolePolicy } from '../../core/http/roles.js';

/**
 * The least role each authenticated route needs, by operationId. A route missing here refuses
 * everyone (core/http/roles.ts), and test/route-roles.test.ts calls every route of the OpenAPI
 * document with each role against this table.
 *
 * - viewer: reads everything but secrets (keys, the webhook signing secret, the balance ledger).
 * - editor: builds and runs assistants, knowledge, tools, campaigns, leads, conversations, calls.
 * - admin: keys, members, credentials of integrations (chat app senders, numbers, SIP trunks),
 *   spending on numbers, webhook secrets, the ledger and the audit log. Owners are managed only
 *   by owners (the members service decides that, since it depends on the member concerned).
 * - operator: whoever runs the server (the operator pages).
 */
const ROLES: Record<RequiredRole, readonly string[]> = {
  viewer: [
    'getCurrentUser',
    'logout',
    'listMembers',
    'leaveAccount',
    // Assistants and what they are built from
    'listAllAssistants',
    'listAssistants',
    'listOutboundAssistants',
    'getAssistant',
    'listLanguages',
    'listModels',
    'listVoices',
    'listSynthesizerProviders',
    'listTranscriberProviders',
    'listAssignablePhoneNumbers',
    'listFolders',
    'getFolder',
    'listLabels',
    'getLabel',
    'listTools',
    'getTool',
    'listKnowledgeBases',
    'getKnowledgeBase',
    'listDocuments',
    'getDocument',
    'searchKnowledgeBase',
    // Conversations, calls, messages
    'listConversations',
    'getConversationRecord',
    'listCalls',
    'getCall',
    'downloadCallRecording',
    'listChatappMessages',
    'downloadChatappMedia',
    'getSessionStatus',
    'getCallPermission',
    'listSms',
    'getSms',
    // Campaigns
    'listCampaigns',
    'getCampaign',
    'getCampaignProgress',
    'listLeads',
    'getLead',
    'listDoNotCall',
    // Platform
    'listSenders',
    'getSender',
    'listTemplates',
    'listPhoneNumbers',
    'listSmsPhoneNumbers',
    'searchPhoneNumbers',
    'listSipTrunks',
    'getSipTrunk',
    'listWebhookDeliveries',
    'getWebhookDelivery',
    'getUsage',
    'exportCallsCsv',
    'createCallsExportLink',
    'exportConversationsCsv',
    'createConversationsExportLink',
  ],
  editor: [
    'createAssistant',
    'updateAssistant',
    'patchAssistant',
    'deleteAssistant',
    'enableWebhook',
    'disableWebhook',
    'enableInboundWebhook',
    'disableInboundWebhook',
    'enableConversationEndedWebhook',
    'disableConversationEndedWebhook',
    'generateReply',
    'createFolder',
    'updateFolder',
    'deleteFolder',
    'createLabel',
    'updateLabel',
    'deleteLabel',
    'createTool',
    'updateTool',
    'deleteTool',
    'testTool',
    'createKnowledgeBase',
    'updateKnowledgeBase',
    'deleteKnowledgeBase',
    'createDocument',
    'updateDocument',
    'deleteDocument',
    'enableAiReplies',
    'disableAiReplies',
    'makeCall',
    'deleteCall',
    'sendTemplateMessage',
    'sendFreeformMessage',
    'simulateInboundMessage',
    'simulateCallPermissionReply',
    'syncTemplates',
    'postUserChatappVoiceCall',
    'requestCallPermission',
    'sendSms',
    'updatePhoneNumber',
    'createCampaign',
    'createCampaignPlural',
    'updateCampaign',
    'updateCampaignStatus',
    'deleteCampaign',
    'createLead',
    'updateLead',
    'deleteLead',
    'importLeads',
    'addDoNotCall',
    'importDoNotCall',
    'removeDoNotCall',
    'redeliverWebhookDelivery',
  ],
  admin: [
    'createApiKey',
    'listApiKeys',
    'deleteApiKey',
    'updateMember',
    'removeMember',
    'listInvitations',
    'createInvitation',
    'revokeInvitation',
    'listBalanceLedger',
    'exportLedgerCsv',
    'createLedgerExportLink',
    'getWebhookSecret',
    'rotateWebhookSecret',
    'createSender',
    'updateSender',
    'deleteSender',
    'createPhoneNumber',
    'purchasePhoneNumber',
    'deletePhoneNumber',
    'createSipTrunk',
    'updateSipTrunk',
    'listAuditLog',
  ],
  owner: [],
  operator: [
    'listOperatorAccounts',
    'createOperatorAccount',
    'changeOperatorAccountBalance',
    'suspendOperatorAccount',
    'restoreOperatorAccount',
  ],
};

const requiredRoles = new Map<string, RequiredRole>();
for (const [role, operations] of Object.entries(ROLES) as Array<[RequiredRole, readonly string[]]>) {
  for (const operationId of operations) {
    if (requiredRoles.has(operationId)) throw new Error(`${operationId} is listed under two roles`);
    requiredRoles.set(operationId, role);
  }
}

/** Every entry of the table, operationId and least role (the route-by-role test reads it). */
export function permissionEntries(): ReadonlyArray<readonly [string, RequiredRole]> {
  return [...requiredRoles.entries()];
}

const ALLOWED_WHILE_SUSPENDED = new Set(['getCurrentUser', 'logout']);

export const routeRolePolicy: RolePolicy = {
  requiredRole: (operationId) => requiredRoles.get(operationId),
  allowedWhileSuspended: (operationId) => ALLOWED_WHILE_SUSPENDED.has(operationId),
};
