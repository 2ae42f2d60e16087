import type { RuntimeAssistant } from '../../../replies/index.js';
import type { EngineTimers } from '../timers.js';

export type CallTimerName = 'max_duration' | 'initial_silence' | 'silence' | 'reengage' | 'farewell' | 'interrupt';

/** A call's named timers: arming a name again replaces it, and ending the call clears them all. */
export class CallTimers {
  private readonly cancels = new Map<CallTimerName, () => void>();

  constructor(private readonly timers: EngineTimers) {}

  arm(name: CallTimerName, ms: number, fn: () => void): void {
    this.cancel(name);
    this.cancels.set(
      name,
      this.timers.after(ms, () => {
        this.cancels.delete(name);
        fn();
      }),
    );
  }

  has(name: CallTimerName): boolean {
    return this.cancels.has(name);
  }

  cancel(name: CallTimerName): void {
    this.cancels.get(name)?.();
    this.cancels.delete(name);
  }

  clear(): void {
    for (const cancel of this.cancels.values()) cancel();
    this.cancels.clear();
  }
}

type SilenceSettings = Pick<RuntimeAssistant, 'max_initial_silence_duration' | 'max_silence_duration' | 'reengagement_interval'>;

export interface SilenceHandlers {
  /** max_initial_silence_duration passed without the caller ever speaking. */
  initialSilence(): void;
  /** max_silence_duration passed since the caller last spoke. */
  silence(): void;
  /** reengagement_interval passed since the assistant last finished speaking. */
  reengage(): void;
}

/**
 * The assistant's silence rules, the same in every engine. They run while the assistant waits
 * (it finished speaking): the initial-silence limit until the caller first speaks, the silence
 * limit counted from the caller's last words (re-engaging is not the caller speaking, so it
 * counts on across re-engagements), and the re-engagement interval from the assistant's last words.
 */
export class SilenceRules {
  private callerSpoke = false;

  constructor(
    private readonly timers: CallTimers,
    private readonly on: SilenceHandlers,
  ) {}

  /** The assistant finished speaking and waits for the caller. */
  lineQuiet(assistant: SilenceSettings): void {
    if (!this.callerSpoke && assistant.max_initial_silence_duration !== null && !this.timers.has('initial_silence')) {
      this.timers.arm('initial_silence', assistant.max_initial_silence_duration * 1000, () => this.on.initialSilence());
    }
    if (!this.timers.has('silence')) this.timers.arm('silence', assistant.max_silence_duration * 1000, () => this.on.silence());
    this.timers.arm('reengage', assistant.reengagement_interval * 1000, () => this.on.reengage());
  }

  /** The caller spoke: every silence limit starts again next time the line is quiet. */
  callerActive(): void {
    this.callerSpoke = true;
    for (const name of ['initial_silence', 'silence', 'reengage'] as const) this.timers.cancel(name);
  }

  /** The assistant started speaking: it is not waiting, so it does not re-engage. */
  assistantSpeaking(): void {
    this.timers.cancel('reengage');
  }
}

/**
 * The hidden prompt that asks the model to re-engage in its own words (reengagement_prompt);
 * null without one: the engine says the default phrase.
 */
export function reengagementRequest(assistant: Pick<RuntimeAssistant, 'reengagement_prompt' | 'reengagement_interval'>): string | null {
  const prompt = assistant.reengagement_prompt?.trim();
  if (!prompt) return null;
  return `(The caller has said nothing for ${assistant.reengagement_interval} seconds. ${prompt})`;
}
