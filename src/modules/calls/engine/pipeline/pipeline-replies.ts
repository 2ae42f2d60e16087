import type { Clock } from '../../../../core/clock.js';
import {
  createReplyEngine,
  type HistoryItem,
  type Reply,
  type ReplyEngineDeps,
  type RuntimeAssistant,
  type ToolCall,
} from '../../../replies/index.js';
import { dtmfTones } from '../../audio/dtmf.js';
import { ENGINE_SAMPLE_RATE } from '../../speech/speech.types.js';
import { perCallCache } from '../call-cache.js';
import { callFunctions, withCallFunctions, type CallTransferRequest } from '../functions/call-functions.js';
import type { TurnTimings } from '../engine-metrics.js';
import type { CallEngineSession } from '../engine.types.js';
import { KEYPAD_FUNCTIONS, KeypadInput, keypadFunctions } from '../functions/keypad.js';
import { fillerPhrases } from '../behaviour/phrases.js';
import { turnAwareModel, type PipelineTurns, type Turn } from './pipeline-turn.js';
import type { EngineTimers } from '../timers.js';

export interface RepliesDeps {
  session: CallEngineSession;
  replyDeps: ReplyEngineDeps;
  mediumNote: string;
  clock: Clock;
  timers: EngineTimers;
  turns: PipelineTurns;
  history: HistoryItem[];
  /** The assistant answering now (an assistant transfer changes it). */
  assistant(): RuntimeAssistant;
  setAssistant(assistant: RuntimeAssistant): void;
  /** True once the call is ending: a reply finishing then is not stored here (the ending stores what was heard). */
  ending(): boolean;
  event(payload: Record<string, unknown>): void;
  onTransferRequested(request: CallTransferRequest): void;
  onModelFailed(error: unknown): void;
}

/**
 * The model's replies in a pipeline call: each reply's tokens are cut into sentences and spoken
 * as they come; functions run through the chat registry plus the call's own (transfer_call,
 * send_dtmf, collect_keypad), looked up once per call; fillers cover the wait while they run.
 */
export class PipelineReplies {
  readonly keypad: KeypadInput;
  private readonly registry: ReplyEngineDeps['registry'];
  private readonly modelFor: ReplyEngineDeps['modelFor'];
  private fillerIndex = 0;

  constructor(private readonly deps: RepliesDeps) {
    this.keypad = new KeypadInput(deps.timers);
    const keypadLine = {
      keypad: this.keypad,
      sendDigits: (digits: string) => this.sendDigits(digits),
      flushSpeech: () => this.flushSpeech(),
      promptPlayed: () => deps.turns.playedSoFar(),
    };
    this.modelFor = perCallCache(deps.replyDeps.modelFor);
    const functions = withCallFunctions(deps.replyDeps.registry, (assistant) => [
      ...callFunctions(assistant, deps.session.call, (request) => deps.onTransferRequested(request)),
      ...keypadFunctions(assistant, keypadLine),
    ]);
    this.registry = { forAssistant: perCallCache((assistant) => functions.forAssistant(assistant)) };
    // Looked up while the greeting plays, so the caller's first turn does not wait for them.
    void this.modelFor(deps.session.assistant);
    void this.registry.forAssistant(deps.session.assistant);
  }

  /**
   * One reply of the model to the caller (or to a hidden prompt), spoken as it is written.
   * Resolves with the reply once it has played and was stored, or null (cut off, failed, ending).
   */
  async reply(userMessage: string, options: { visible: boolean; caller?: TurnTimings }): Promise<Reply | null> {
    const { turns, session } = this.deps;
    const turn = turns.start(options.visible ? userMessage : undefined);
    Object.assign(turn.timings, options.caller);
    const { call } = session;
    // An engine per turn: its model is bound to this turn's abort signal and timings, so a
    // cancelled reply finishing a function call can never start a round in the next turn.
    const llm = turnAwareModel(this.deps.replyDeps.llm, turn, (calls) => this.toolsStarting(turn, calls));
    const engine = createReplyEngine({ ...this.deps.replyDeps, modelFor: this.modelFor, llm, registry: this.registry });
    let reply: Reply;
    try {
      reply = await engine.reply({
        conversation: { id: call.id, uuid: call.uuid, userId: call.userId, variables: call.variables },
        assistant: this.deps.assistant(),
        history: this.deps.history.slice(),
        userMessage,
        now: this.deps.clock.now(),
        mediumNote: this.deps.mediumNote,
        onEvent: (event) => {
          if (turn.abort.signal.aborted) return;
          if (event.type === 'function_call') {
            turn.functionCalls.push(event.call);
            this.deps.event({ type: 'function_call', name: event.call.name, arguments: event.call.arguments, result: event.call.result });
          } else for (const sentence of turn.chunker.push(event.content)) turn.utterance.add(sentence);
        },
      });
    } catch (error) {
      if (!turn.abort.signal.aborted) this.deps.onModelFailed(error);
      return null;
    }
    if (turn.abort.signal.aborted) return null;
    for (const sentence of turn.chunker.flush()) turn.utterance.add(sentence);
    turn.replyContent = reply.content;
    this.deps.setAssistant(reply.assistant);
    turn.utterance.end();
    const result = await turn.utterance.done.catch(() => 'cancelled' as const);
    if (result !== 'played' || turn.stored || this.deps.ending()) return null;
    turns.store(turn, null);
    return reply;
  }

  /**
   * Functions start running: what the model wrote so far is spoken, then a filler so the line is
   * not silent; none while a keypad function runs (the caller is listening to a prompt or typing).
   */
  private toolsStarting(turn: Turn, calls: ToolCall[]): void {
    const assistant = this.deps.assistant();
    if (turn.abort.signal.aborted || !assistant.fillers || calls.every((c) => KEYPAD_FUNCTIONS.includes(c.name))) return;
    this.flushSpeech();
    const phrases = fillerPhrases(assistant.filler_config);
    turn.utterance.add(phrases[this.fillerIndex++ % phrases.length]!);
  }

  /** The words the model wrote so far in this reply are spoken now, not at the end of a sentence. */
  private flushSpeech(): void {
    const turn = this.deps.turns.current;
    if (!turn || turn.abort.signal.aborted) return;
    for (const sentence of turn.chunker.flush()) turn.utterance.add(sentence);
  }

  /** send_dtmf: keypad tones on the line, after the words before them. */
  private sendDigits(digits: string): void {
    this.deps.turns.current?.utterance.addAudio(dtmfTones(digits, ENGINE_SAMPLE_RATE));
  }
}
