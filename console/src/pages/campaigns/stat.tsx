import { Paper, Text } from '@mantine/core';

/** A number and what it counts, as one name-value pair of a <dl>. */
export function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="xs" radius="sm">
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}
