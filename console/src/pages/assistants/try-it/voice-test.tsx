import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError, describeError } from '../../../api/errors.js';
import type { Assistant } from '../../../api/types.js';
import { useModels, useSpeechProviders, useVoices } from '../catalog.js';
import { type CallBlocker, callBlockers } from './call-readiness.js';
import { startWebCall } from './web-call.js';

interface Line {
  role: 'user' | 'assistant';
  text: string;
  final: boolean;
}

/** "Config key X is not set" becomes a sentence that says what to do about it. */
function unavailableAdvice(reason: string): string {
  return `Test calls need a speech provider, and this server has none for this assistant yet. ${reason} Add that setting to the server's configuration, restart the server, then try again.`;
}

/** What stops a test call on this server, from the catalog's availability; [] until known. */
function useCallBlockers(assistant: Assistant): CallBlocker[] {
  const voices = useVoices(assistant.mode, assistant.language_id);
  const synthesizers = useSpeechProviders('synthesizer', assistant.language_id);
  const transcribers = useSpeechProviders('transcriber', assistant.language_id);
  const models = useModels(assistant.mode);
  if (!voices.data || !synthesizers.data || !transcribers.data || !models.data) return [];
  return callBlockers({
    mode: assistant.mode,
    voiceSynthesizerId: voices.data.find((voice) => voice.id === assistant.voice_id)?.synthesizer_provider_id ?? null,
    synthesizerId: assistant.synthesizer_provider_id,
    transcriberId: assistant.transcriber_provider_id,
    synthesizers: synthesizers.data,
    transcribers: transcribers.data,
    realtimeModels: assistant.mode === 'pipeline' ? [] : models.data,
  });
}

const NEED_WORDS: Record<CallBlocker['need'], string> = {
  speak: 'To speak (text-to-speech)',
  listen: 'To hear the caller (speech-to-text)',
  realtime: 'For the Realtime engine',
};

/** Shown before any call is tried: what the server lacks, and the settings that would provide it. */
function NotAvailable({ blockers }: { blockers: CallBlocker[] }) {
  return (
    <Alert color="yellow" variant="light" title="Test calls are not available yet">
      <Stack gap={6}>
        <Text size="sm">
          This server has no speech provider this assistant can use. Add a setting to the server’s configuration and restart it, or choose
          another provider under Voice and speech.
        </Text>
        {blockers.map(({ need, reasons }) => (
          <div key={need}>
            <Text size="sm" fw={600}>
              {NEED_WORDS[need]}
              {reasons.length > 1 ? ', any one of:' : ':'}
            </Text>
            <List size="sm">
              {reasons.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
          </div>
        ))}
      </Stack>
    </Alert>
  );
}

/** A test call from this browser with the microphone, its live transcript and a hang-up button. */
export function VoiceTest({ assistant }: { assistant: Assistant }) {
  const blockers = useCallBlockers(assistant);
  const [status, setStatus] = useState<{ text: string; state: 'idle' | 'starting' | 'connected' | 'ended' }>({ text: '', state: 'idle' });
  const [lines, setLines] = useState<Line[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const call = useRef<{ hangUp: () => void } | null>(null);
  useEffect(() => () => call.current?.hangUp(), []);

  async function start() {
    setProblem(null);
    setLines([]);
    setStatus({ text: 'Starting the call…', state: 'starting' });
    try {
      call.current = await startWebCall(assistant.uuid, {
        onStatus: (text, state) => setStatus({ text, state }),
        onTranscript: (role, text, final) =>
          setLines((all) => {
            const last = all[all.length - 1];
            const next = { role, text, final };
            return last && last.role === role && !last.final ? [...all.slice(0, -1), next] : [...all, next];
          }),
      });
    } catch (error) {
      setStatus({ text: '', state: 'idle' });
      setProblem(error instanceof ApiError && error.status === 503 ? unavailableAdvice(error.message) : describeError(error));
    }
  }

  const onCall = status.state === 'starting' || status.state === 'connected';
  return (
    <Stack gap="xs" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Text size="sm" fw={600}>
        Test call
      </Text>
      <Text size="xs" c="dimmed">
        Talk to it from this computer’s microphone. Free.
      </Text>
      <Group>
        {onCall ? (
          <Button color="red" onClick={() => call.current?.hangUp()}>
            Hang up
          </Button>
        ) : (
          <Button variant="default" disabled={blockers.length > 0} onClick={() => void start()}>
            Start a test call
          </Button>
        )}
      </Group>
      {blockers.length > 0 && !onCall && <NotAvailable blockers={blockers} />}
      {status.text && (
        <Text size="sm" role="status" data-testid="call-status">
          {status.text}
        </Text>
      )}
      {problem && (
        <Alert color="yellow" variant="light" role="alert" title="The test call did not start">
          {problem}
        </Alert>
      )}
      {lines.map((line, index) => (
        <Text key={index} size="sm" c={line.final ? undefined : 'dimmed'}>
          <b>{line.role === 'user' ? 'You' : assistant.name}:</b> {line.text}
        </Text>
      ))}
    </Stack>
  );
}
