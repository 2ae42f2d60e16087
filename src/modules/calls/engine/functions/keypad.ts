import type { ConversationFunction, RuntimeAssistant } from '../../../replies/index.js';
import { DTMF_KEY_PATTERN, DTMF_SEQUENCE_PATTERN } from '../../audio/dtmf.js';
import type { EngineTimers } from '../timers.js';

/** The model's function for the dtmf_input tool: press keys on the line (menus of the called party). */
export const SEND_DTMF_FUNCTION = 'send_dtmf';
/** The model's function for the collect_keypad tool: wait for the caller to type digits. */
export const COLLECT_KEYPAD_FUNCTION = 'collect_keypad';
export const KEYPAD_FUNCTIONS: readonly string[] = [SEND_DTMF_FUNCTION, COLLECT_KEYPAD_FUNCTION];

/** Keys pressed before a collection starts (the caller typing ahead of the prompt) are kept, up to this many. */
const TYPE_AHEAD_LIMIT = 32;
/** A collection ends on its own after this many keys, as a guard against a stuck key. */
const MAX_DIGITS = 64;

export interface KeypadResult {
  digits: string;
  /** stop_key: the caller pressed it; timeout: no key for `timeout` seconds; cancelled: the turn was dropped. */
  ended_by: 'stop_key' | 'timeout' | 'max_digits' | 'cancelled';
}

interface Collection {
  stopKey: string;
  timeoutMs: number;
  digits: string;
  /** False while the prompt still plays: no timeout runs yet. */
  timing: boolean;
  cancelTimer: () => void;
  resolve: (result: KeypadResult) => void;
}

/**
 * The caller's keypad, for any engine: the leg reports keys (Twilio `dtmf` events, the browser's
 * {"type":"dtmf"}) with `press`; `collect` gathers them until the stop key, or until no key came
 * for the timeout (counted again from each key, like Twilio's <Gather>). Time runs on the
 * engine's timers, so tests move it by hand.
 */
export class KeypadInput {
  private typeAhead = '';
  private collection: Collection | null = null;

  constructor(private readonly timers: EngineTimers) {}

  get collecting(): boolean {
    return this.collection !== null;
  }

  press(digit: string): void {
    if (!DTMF_KEY_PATTERN.test(digit)) return;
    const collection = this.collection;
    if (!collection) {
      if (this.typeAhead.length < TYPE_AHEAD_LIMIT) this.typeAhead += digit;
      return;
    }
    if (digit === collection.stopKey) return this.finish('stop_key');
    collection.digits += digit;
    if (collection.digits.length >= MAX_DIGITS) return this.finish('max_digits');
    this.arm(collection);
  }

  /**
   * Waits for the caller's digits; keys typed ahead count first. One collection at a time. The
   * timeout counts from `promptPlayed` (the caller cannot be late while still hearing the prompt);
   * keys pressed during the prompt count, and the timeout counts again from the prompt's end.
   */
  collect(options: { stopKey: string; timeoutMs: number; promptPlayed?: Promise<void> }): Promise<KeypadResult> {
    this.cancel();
    return new Promise((resolve) => {
      const collection: Collection = {
        stopKey: options.stopKey,
        timeoutMs: options.timeoutMs,
        digits: '',
        timing: !options.promptPlayed,
        cancelTimer: () => undefined,
        resolve,
      };
      this.collection = collection;
      this.arm(collection);
      void options.promptPlayed?.then(() => {
        collection.timing = true;
        if (this.collection === collection) this.arm(collection);
      });
      const typed = this.typeAhead;
      this.typeAhead = '';
      for (const digit of typed) if (this.collection === collection) this.press(digit);
    });
  }

  /** Ends a running collection with what was typed (the turn it belongs to was dropped). */
  cancel(): void {
    if (this.collection) this.finish('cancelled');
  }

  /** A new caller turn: keys typed during earlier talk belong to no prompt. */
  forgetTypeAhead(): void {
    this.typeAhead = '';
  }

  private arm(collection: Collection): void {
    if (!collection.timing) return;
    collection.cancelTimer();
    collection.cancelTimer = this.timers.after(collection.timeoutMs, () => {
      if (this.collection === collection) this.finish('timeout');
    });
  }

  private finish(endedBy: KeypadResult['ended_by']): void {
    const collection = this.collection;
    if (!collection) return;
    this.collection = null;
    collection.cancelTimer();
    collection.resolve({ digits: collection.digits, ended_by: endedBy });
  }
}

/** What the keypad functions need from the engine's line. */
export interface KeypadLine {
  keypad: KeypadInput;
  /** Plays keys as DTMF tones, after what the assistant has said so far in this reply. */
  sendDigits(sequence: string): void;
  /** Lets the caller hear the prompt the model wrote before asking for keys. */
  flushSpeech(): void;
  /** Resolves once what the assistant has said so far in this reply has been heard. */
  promptPlayed(): Promise<void>;
}

/** send_dtmf for a dtmf_input tool and collect_keypad for a collect_keypad tool (the first of each). */
export function keypadFunctions(assistant: RuntimeAssistant, line: KeypadLine): ConversationFunction[] {
  const functions: ConversationFunction[] = [];
  const sendTool = assistant.tools.find((t) => t.type === 'dtmf_input');
  const collectTool = assistant.tools.find((t) => t.type === 'collect_keypad');
  if (sendTool) {
    functions.push({
      spec: {
        name: SEND_DTMF_FUNCTION,
        description: [
          'Presses keys on the phone keypad, heard by the other side as touch tones (to navigate an automated phone menu).',
          typeof sendTool.description === 'string' && sendTool.description ? `When: ${sendTool.description}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
        parameters: {
          type: 'object',
          properties: {
            digits: {
              type: 'string',
              pattern: DTMF_SEQUENCE_PATTERN,
              description: 'Keys to press in order: 0-9, * and #; w waits half a second.',
            },
          },
          required: ['digits'],
          additionalProperties: false,
        },
      },
      async call(args) {
        const digits = typeof args.digits === 'string' ? args.digits : '';
        if (!new RegExp(DTMF_SEQUENCE_PATTERN).test(digits)) return { result: { error: 'digits must be 1 to 32 of 0-9, *, #, A-D or w.' } };
        line.flushSpeech();
        line.sendDigits(digits);
        return { result: { sent: digits } };
      },
    });
  }
  if (collectTool) {
    const stopKey = collectTool.stop_key === '*' ? '*' : '#';
    const timeoutSeconds = typeof collectTool.timeout === 'number' ? collectTool.timeout : 5;
    functions.push({
      spec: {
        name: COLLECT_KEYPAD_FUNCTION,
        description: [
          `Waits for the caller to type digits on their phone keypad and returns them. Ask for the digits in the same reply, before calling this, and tell the caller to finish with ${stopKey === '#' ? 'the pound key (#)' : 'the star key (*)'}.`,
          typeof collectTool.description === 'string' && collectTool.description ? `When: ${collectTool.description}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
        parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
      },
      async call() {
        line.flushSpeech();
        const result = await line.keypad.collect({ stopKey, timeoutMs: timeoutSeconds * 1000, promptPlayed: line.promptPlayed() });
        return { result: { ...result } };
      },
    });
  }
  return functions;
}
