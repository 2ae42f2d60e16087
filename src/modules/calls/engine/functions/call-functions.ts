import type { FunctionCallRecord } from '../../../../core/db/schema.js';
import type {
  ConversationFunction,
  FunctionContext,
  FunctionRun,
  FunctionSet,
  RuntimeAssistant,
  ToolCall,
} from '../../../replies/index.js';
import { sipDestination, warmTransferSettings, type WarmTransferSettings } from './warm-transfer.js';

export const TRANSFER_CALL_FUNCTION = 'transfer_call';
/** On a campaign's call: the person asks never to be called again. Its record in the transcript is what the campaign reads. */
export const OPT_OUT_FUNCTION = 'opt_out';

/** A hand-over the model asked for; the engine dials it once the reply has been spoken. */
export interface CallTransferRequest {
  /** E.164 or a SIP address; empty when the tool's destination cannot be dialled (an extension without a host). */
  to: string;
  callerId?: string;
  /** The account's phone number (by id) that calls the supervisor: warm_call_transfer's outbound_phone_id. */
  callerLineId?: number;
  /** Set for a warm transfer: the caller waits on hold while a supervisor is briefed, then both are joined. */
  warm?: WarmTransferSettings;
}

interface Destination {
  key: string;
  description: string;
  request: CallTransferRequest;
}

/**
 * Functions only a phone call has: `transfer_call` for the assistant's call_transfer and
 * warm_call_transfer tools. Calling it records the request through `onTransfer`; the line is
 * handed over after the model's goodbye has played.
 */
export function callFunctions(
  assistant: RuntimeAssistant,
  call: { fromNumber: string | null; toNumber: string | null; direction: 'inbound' | 'outbound'; campaignCall?: boolean },
  onTransfer: (request: CallTransferRequest) => void,
): ConversationFunction[] {
  const optOut = call.campaignCall ? [optOutFunction()] : [];
  const destinations = transferDestinations(assistant, call);
  if (destinations.length === 0) return optOut;
  const keys = destinations.map((d) => d.key);
  return [
    {
      spec: {
        name: TRANSFER_CALL_FUNCTION,
        description: [
          'Transfers the caller to a person by phone. Tell the caller you are transferring them in the same reply.',
          ...destinations.map((d) => `- destination "${d.key}": ${d.description}`),
        ].join('\n'),
        parameters: {
          type: 'object',
          properties: { destination: { type: 'string', enum: keys, description: 'Which destination to transfer to.' } },
          required: [],
          additionalProperties: false,
        },
      },
      async call(args) {
        const wanted = typeof args.destination === 'string' ? args.destination : keys[0];
        const destination = destinations.find((d) => d.key === wanted);
        if (!destination) return { result: { error: `Unknown destination ${String(wanted)}.` } };
        onTransfer(destination.request);
        return { result: { transferring: true, destination: destination.key } };
      },
    },
    ...optOut,
  ];
}

/**
 * The person called asks not to be called again. Nothing happens during the call: the campaign
 * reads this function's record in the transcript when it settles the attempt and puts the number
 * on the account's do-not-call list.
 */
function optOutFunction(): ConversationFunction {
  return {
    spec: {
      name: OPT_OUT_FUNCTION,
      description:
        "Call this when the person says they do not want to be called again. Their number is never called again by this business's campaigns. Confirm it to them in the same reply.",
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
    },
    async call() {
      return { result: { opted_out: true } };
    },
  };
}

function transferDestinations(
  assistant: RuntimeAssistant,
  call: { fromNumber: string | null; toNumber: string | null; direction: 'inbound' | 'outbound' },
): Destination[] {
  const customer = call.direction === 'outbound' ? call.toNumber : call.fromNumber;
  const out: Destination[] = [];
  for (const tool of assistant.tools) {
    if (tool.type === 'call_transfer' && typeof tool.phone_number === 'string') {
      const warm = tool.warm_transfer === true ? { warm: warmTransferSettings({}) } : {};
      out.push({
        key: String(out.length + 1),
        description: String(tool.description ?? 'A colleague who can help further.'),
        request: { to: tool.phone_number, ...warm },
      });
    } else if (tool.type === 'warm_call_transfer' && typeof tool.supervisor_phone === 'string') {
      // outbound_number (the default): the tool's own line calls, falling back to the call's number.
      const callerId =
        tool.caller_id_mode === 'customer_number'
          ? customer
          : tool.caller_id_mode === 'custom'
            ? (tool.custom_caller_id as string | null | undefined)
            : null;
      const line =
        tool.caller_id_mode === 'customer_number' || tool.caller_id_mode === 'custom' || typeof tool.outbound_phone_id !== 'number'
          ? {}
          : { callerLineId: tool.outbound_phone_id };
      const to = tool.custom_sip === true ? (sipDestination(tool.supervisor_phone) ?? '') : tool.supervisor_phone;
      const request = { to, ...(callerId ? { callerId } : {}), ...line, warm: warmTransferSettings(tool) };
      out.push({ key: String(out.length + 1), description: String(tool.description ?? 'A supervisor.'), request });
    }
  }
  return out;
}

/** The assistant's own functions plus the call's, under one FunctionSet (built-ins keep their names). */
export function withCallFunctions(
  registry: { forAssistant(a: RuntimeAssistant): Promise<FunctionSet> },
  extra: (a: RuntimeAssistant) => ConversationFunction[],
) {
  return {
    async forAssistant(assistant: RuntimeAssistant): Promise<FunctionSet> {
      const base = await registry.forAssistant(assistant);
      const taken = new Set(base.specs.map((s) => s.name));
      const own = extra(assistant).filter((f) => !taken.has(f.spec.name));
      const byName = new Map(own.map((f) => [f.spec.name, f]));
      return {
        specs: [...base.specs, ...own.map((f) => f.spec)],
        run: (call, ctx) => {
          const fn = byName.get(call.name);
          return fn ? runCallFunction(fn, call, ctx) : base.run(call, ctx);
        },
      };
    },
  };
}

async function runCallFunction(fn: ConversationFunction, call: ToolCall, ctx: FunctionContext): Promise<FunctionRun> {
  let args: Record<string, unknown> = {};
  try {
    const parsed: unknown = call.arguments.trim() ? JSON.parse(call.arguments) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) args = parsed as Record<string, unknown>;
  } catch {
    return {
      record: {
        name: call.name,
        arguments: { raw: call.arguments.slice(0, 2000) },
        result: { error: 'The arguments are not valid JSON.' },
      },
    };
  }
  try {
    const outcome = await fn.call(args, ctx);
    const record: FunctionCallRecord = { name: call.name, arguments: args, result: outcome.result };
    return { record, effect: outcome.effect };
  } catch (error) {
    return { record: { name: call.name, arguments: args, result: { error: error instanceof Error ? error.message : String(error) } } };
  }
}
