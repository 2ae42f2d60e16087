import { FUNCTION_NAMES } from './names.js';
import { objectSchema, type ConversationFunction } from './types.js';

/**
 * Lets the model close the chat (the assistant's end_call tool, read as "end the conversation"
 * in text). The conversation ends after this reply; evaluation and the conversation-ended
 * webhook follow as for an inactivity end.
 */
export function endConversationFunction(description: string | null): ConversationFunction {
  return {
    spec: {
      name: FUNCTION_NAMES.end,
      description:
        description || 'Ends the conversation when the customer says goodbye or has nothing more to ask. Say goodbye in the same reply.',
      parameters: objectSchema({ reason: { type: 'string', description: 'Why the conversation ends, in a few words.' } }, []),
    },
    async call(args) {
      const reason = typeof args.reason === 'string' && args.reason.trim() ? args.reason.trim().slice(0, 255) : 'Ended by the assistant.';
      return { result: { ended: true }, effect: { kind: 'end', reason } };
    },
  };
}
