import type { Migration } from 'kysely';
import * as accounts from './0001-accounts.js';
import * as jobsWebhooks from './0002-jobs-webhooks.js';
import * as assistants from './0003-assistants.js';
import * as knowledge from './0004-knowledge.js';
import * as chatapp from './0005-chatapp.js';
import * as conversations from './0006-conversations.js';
import * as widgetLimits from './0007-widget-limits.js';
import * as userDeletion from './0008-user-deletion.js';
import * as widget from './0009-widget.js';
import * as calls from './0010-calls.js';
import * as compat from './0011-compat.js';
import * as platformEvents from './0012-platform-events.js';
import * as senderState from './0013-sender-state.js';
import * as assistantVersion from './0014-assistant-version.js';
import * as knowledgeIndex from './0015-knowledge-index.js';
import * as chatappCalls from './0016-chatapp-calls.js';
import * as supervisorStatus from './0018-supervisor-status.js';
import * as statementRefusal from './0019-statement-refusal.js';
import * as claimableJobs from './0020-claimable-jobs.js';
import * as indexDrivenJobWrites from './0021-index-driven-job-writes.js';
import * as webCallBounds from './0022-web-call-bounds.js';
import * as twilioClaims from './0023-twilio-claims.js';
import * as phoneNumberRelease from './0024-phone-number-release.js';
import * as campaigns from './0025-campaigns.js';
import * as webhookLogUsage from './0029-webhook-log-usage.js';
import * as numberPurchases from './0030-number-purchases.js';
import * as sms from './0031-sms.js';
import * as sipTrunks from './0032-sip-trunks.js';
import * as teams from './0033-teams.js';
import * as oidcLogins from './0034-oidc-logins.js';

/**
 * Every migration in order. Listed explicitly (not read from a folder) so the order is reviewed
 * and bundlers keep them. Forward-only: a shipped migration is never edited, a new one is added.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-jobs-webhooks': jobsWebhooks,
  '0003-assistants': assistants,
  '0004-knowledge': knowledge,
  '0005-chatapp': chatapp,
  '0006-conversations': conversations,
  '0007-widget-limits': widgetLimits,
  '0008-user-deletion': userDeletion,
  '0009-widget': widget,
  '0010-calls': calls,
  '0011-compat': compat,
  '0012-platform-events': platformEvents,
  '0013-sender-state': senderState,
  '0014-assistant-version': assistantVersion,
  '0015-knowledge-index': knowledgeIndex,
  '0016-chatapp-calls': chatappCalls,
  '0018-supervisor-status': supervisorStatus,
  '0019-statement-refusal': statementRefusal,
  '0020-claimable-jobs': claimableJobs,
  '0021-index-driven-job-writes': indexDrivenJobWrites,
  '0022-web-call-bounds': webCallBounds,
  '0023-twilio-claims': twilioClaims,
  '0024-phone-number-release': phoneNumberRelease,
  '0025-campaigns': campaigns,
  '0029-webhook-log-usage': webhookLogUsage,
  '0030-number-purchases': numberPurchases,
  '0031-sms': sms,
  '0032-sip-trunks': sipTrunks,
  '0033-teams': teams,
  '0034-oidc-logins': oidcLogins,
};
