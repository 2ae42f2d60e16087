// The conversations module (chat conversations, admission, billing): what other modules and the
// composition root (app.ts, deps.ts) may use. Anything not listed here is internal to the module.
export { automateRoutes } from './automate.routes.js';
export { budgetDay, secondsToNextBudgetDay } from './billing.js';
export type { ChatappChannel } from './chatapp-replies.js';
export { createConversationsModule, registerConversationsJobs } from './conversations.module.js';
export type { InboundSms, InboundSmsOutcome, InboundTexts } from './inbound-texts.js';
export { publicConversationsRoutes } from './public-conversations.routes.js';
export {
  ASSISTANT_INACTIVE,
  ASSISTANT_UNAVAILABLE,
  assistantInactive,
  assistantUnavailable,
  clientNetwork,
  conversationStartLimits,
  enforceLimits,
} from './public-access.js';
export type { PublicCaller, PublicLimits } from './public-access.js';
export { userConversationsRoutes } from './user-conversations.routes.js';
