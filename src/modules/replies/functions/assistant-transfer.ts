import { FUNCTION_NAMES } from './names.js';
import { FunctionError, objectSchema, type ConversationFunction, type RuntimeAssistant } from './types.js';

export interface TransferTarget {
  id: number;
  name: string;
  description: string;
  messageBeforeTransfer: string | null;
  speakGreeting: boolean;
}

/**
 * The assistant_transfer tools as one function whose assistant_id is one of the targets. After
 * a transfer the conversation continues with the target: its prompt, its functions, and it
 * answers this message too (or greets, when speak_transfer_greeting is on).
 */
export function assistantTransferFunction(
  targets: TransferTarget[],
  loadTarget: (userId: number, id: number) => Promise<RuntimeAssistant | undefined>,
): ConversationFunction {
  const list = targets.map((t) => `${t.id} = ${t.name}: ${t.description}`).join('; ');
  return {
    spec: {
      name: FUNCTION_NAMES.transfer,
      description: `Hands the conversation over to another assistant when the customer needs it. Targets: ${list}`,
      parameters: objectSchema(
        { assistant_id: { type: 'integer', enum: targets.map((t) => t.id), description: `The target assistant. ${list}` } },
        ['assistant_id'],
      ),
    },
    async call(args, ctx) {
      const target = targets.find((t) => t.id === Number(args.assistant_id));
      if (!target) throw new FunctionError('assistant_id is not one of the transfer targets.');
      const assistant = await loadTarget(ctx.userId, target.id);
      if (!assistant) throw new FunctionError('The target assistant no longer exists.');
      return {
        result: { transferred: true, assistant_id: assistant.id, assistant_name: assistant.name },
        effect: { kind: 'transfer', assistant, messageBefore: target.messageBeforeTransfer, speakGreeting: target.speakGreeting },
      };
    },
  };
}
