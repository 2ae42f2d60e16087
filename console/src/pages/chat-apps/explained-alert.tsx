import { Alert, Text } from '@mantine/core';
import type { Explained } from './sender-words.js';

/** A refusal in words: what went wrong and what to do, then what the platform itself said. */
export function ExplainedAlert({ explained, heading }: { explained: Explained; heading: string }) {
  return (
    <Alert color="red" role="alert" title={`${heading}: ${explained.title}`}>
      <Text size="sm">{explained.text}</Text>
      {explained.platformSaid && (
        <Text size="xs" mt={6} c="dimmed">
          Meta said: “{explained.platformSaid}”
        </Text>
      )}
    </Alert>
  );
}
