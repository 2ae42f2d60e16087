/** A catalog entry with whether this server can use it in calls, as the catalog routes give it. */
export interface Usable {
  id: number;
  name: string;
  available?: boolean;
  unavailable_reason?: string | null;
}

export interface CallNeeds {
  mode: string;
  /** The synthesizer the assistant's voice belongs to (its voice id only exists there), if any. */
  voiceSynthesizerId: number | null;
  /** The assistant's own choices; null: the language's default. */
  synthesizerId: number | null;
  transcriberId: number | null;
  /** The providers that speak the assistant's language. */
  synthesizers: Usable[];
  transcribers: Usable[];
  /** The realtime models of the assistant's engine (multimodal and dualplex). */
  realtimeModels: Usable[];
}

const reasonOf = (entry: Usable) => entry.unavailable_reason || `${entry.name} is not set up on this server.`;

/**
 * Why a provider the call needs cannot be used, or [] when it can or this cannot be told here.
 * A chosen provider must be available itself; without a choice the server takes the language's
 * default, or any usable provider that speaks the language, so only "none usable" blocks, and any
 * of the settings named would do.
 */
function providerReasons(chosenId: number | null, speaking: Usable[]): string[] {
  if (chosenId !== null) {
    const chosen = speaking.find((provider) => provider.id === chosenId);
    return chosen?.available === false ? [reasonOf(chosen)] : [];
  }
  if (speaking.length === 0 || speaking.some((provider) => provider.available !== false)) return [];
  const settable = speaking.map(reasonOf).filter((reason) => !reason.includes('not supported'));
  return settable.length > 0 ? settable : speaking.map(reasonOf);
}

/** One thing a call needs that this server lacks, with the settings that would each provide it. */
export interface CallBlocker {
  need: 'speak' | 'listen' | 'realtime';
  reasons: string[];
}

/**
 * What stops a test call of this assistant on this server, from the catalog's availability: the
 * same providers the server checks when a call starts (call-readiness on the server), each reason
 * naming the setting to add. Empty when nothing is known to stop it.
 */
export function callBlockers(needs: CallNeeds): CallBlocker[] {
  const speak = (): CallBlocker => ({
    need: 'speak',
    reasons: providerReasons(needs.voiceSynthesizerId ?? needs.synthesizerId, needs.synthesizers),
  });
  const blockers: CallBlocker[] =
    needs.mode === 'pipeline'
      ? [speak(), { need: 'listen', reasons: providerReasons(needs.transcriberId, needs.transcribers) }]
      : [
          {
            need: 'realtime',
            reasons: needs.realtimeModels
              .slice(0, 1)
              .filter((model) => model.available === false)
              .map(reasonOf),
          },
          ...(needs.mode === 'dualplex' ? [speak()] : []),
        ];
  return blockers.filter((blocker) => blocker.reasons.length > 0);
}
