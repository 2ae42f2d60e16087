import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError, describeError } from '../../../api/errors.js';
import type { Assistant } from '../../../api/types.js';
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

/** A test call from this browser with the microphone, its live transcript and a hang-up button. */
export function VoiceTest({ assistant }: { assistant: Assistant }) {
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
          <Button variant="default" onClick={() => void start()}>
            Start a test call
          </Button>
        )}
      </Group>
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
