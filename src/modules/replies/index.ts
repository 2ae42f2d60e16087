// The replies module (the reply engine chat and voice share: prompt, models, llm, functions): what
// other modules and the composition root (app.ts, deps.ts) may use. Anything not listed here is
// internal to the module.
export { evaluateConversation, formatTranscript } from './evaluation.js';
export type { TranscriptLine } from './evaluation.js';
export type { CustomTool } from './functions/custom-tools.js';
export type { KnowledgeSearch } from './functions/knowledge.js';
export { createFunctionRegistry } from './functions/registry.js';
export type { FunctionRun, FunctionSet } from './functions/registry.js';
export type { ConversationFunction, FunctionContext, RuntimeAssistant } from './functions/types.js';
export { createLanguageModel } from './llm/index.js';
export { LanguageModelError } from './llm/provider.js';
export type { LanguageModel, ToolCall } from './llm/provider.js';
export { createModelResolver } from './models.js';
export type { ModelResolver } from './models.js';
export { fillVariables, mergedVariables, systemPrompt } from './prompt.js';
export type { HistoryItem } from './prompt.js';
export { MAX_TOOL_ROUNDS, createReplyEngine } from './reply-engine.js';
export type { Reply, ReplyEngineDeps, ReplyEvent } from './reply-engine.js';
export { isoInZone, listTimestamp, safeTimeZone } from './time.js';
