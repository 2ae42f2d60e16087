import type { Assistant } from '../../api/types.js';
import { modeLabel } from './assistant-labels.js';

/** What the server resets when the voice engine changes (spec 3.5), in a person's words. */
const RESET_ON_MODE_CHANGE = [
  ['chat_llm_fallback_id', 'the fallback model for chats'],
  ['turn_detection_threshold', 'the turn detection threshold'],
  ['synthesizer_provider_id', 'the text-to-speech provider'],
  ['transcriber_provider_id', 'the speech-to-text provider'],
] as const;

/**
 * The warning to show before saving a change of voice engine: which of this assistant's settings
 * will be reset, or null when the engine is unchanged. The voice and model are picked again in
 * the form, so they are named first.
 */
export function modeSwitchWarning(
  assistant: Pick<Assistant, 'mode' | (typeof RESET_ON_MODE_CHANGE)[number][0]>,
  newMode: string,
): string | null {
  if (newMode === assistant.mode) return null;
  const settings = assistant as unknown as Record<string, unknown>;
  const reset = RESET_ON_MODE_CHANGE.filter(([field]) => settings[field] !== null && settings[field] !== undefined).map(
    ([, words]) => words,
  );
  const cleared = ['the voice and the AI model (choose them again below)', ...reset];
  const list = cleared.length === 1 ? cleared[0] : `${cleared.slice(0, -1).join(', ')} and ${cleared[cleared.length - 1]}`;
  return `Switching from ${modeLabel(assistant.mode)} to ${modeLabel(newMode)} resets ${list} when you save.`;
}
