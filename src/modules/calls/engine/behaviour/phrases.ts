import type { RuntimeAssistant } from '../../../replies/index.js';

/** What the engine says on its own (the model writes everything else). */
export const PHRASES = {
  reengage: 'Are you still there?',
  goodbye: "I'm sorry, but we have to end the call now. Thank you for calling. Goodbye!",
  apology: "I'm sorry, I'm having technical difficulties right now. Please call back a little later. Goodbye!",
  transferFailed: "I'm sorry, I couldn't reach anyone right now. Please call back a little later. Goodbye!",
  fillers: ['One moment, please.', 'Let me check that for you.', 'Just a second.'],
} as const;

/** The assistant's own filler phrases (neutral ones first: a tool's outcome is not known yet). */
export function fillerPhrases(config: RuntimeAssistant['filler_config']): string[] {
  const own = [...(config.neutral ?? []), ...(config.positive ?? []), ...(config.question ?? []), ...(config.negative ?? [])];
  return own.length > 0 ? own : [...PHRASES.fillers];
}

/** The prompt's note for a phone call: what is written is spoken, in the assistant's language. */
export function voiceMediumNote(languageName: string | null): string {
  const language = languageName ? ` Speak ${languageName}.` : '';
  return `This is a phone call: everything you write is spoken aloud by a voice.${language} Answer in short spoken sentences, without lists, markdown, emoji or links.`;
}
