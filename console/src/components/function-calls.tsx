import { Code, Stack, Text } from '@mantine/core';

interface FunctionCall {
  name: string;
  arguments: Record<string, unknown>;
  result: Record<string, unknown>;
}

/** The functions an assistant called for one reply; each opens to show what it sent and got back. */
export function FunctionCalls({ calls }: { calls: FunctionCall[] | undefined }) {
  if (!calls || calls.length === 0) return null;
  return (
    <Stack gap={4} mt={4}>
      {calls.map((call, index) => (
        <details key={index} className="function-call">
          <summary>
            <Text span size="xs" fw={600}>
              Used the action “{call.name}”
            </Text>
          </summary>
          <Text size="xs" c="dimmed" mt={4}>
            What the assistant sent
          </Text>
          <Code block fz="xs">
            {JSON.stringify(call.arguments, null, 2)}
          </Code>
          <Text size="xs" c="dimmed" mt={4}>
            What it got back
          </Text>
          <Code block fz="xs">
            {JSON.stringify(call.result, null, 2)}
          </Code>
        </details>
      ))}
    </Stack>
  );
}

/** A flat object (variables, an evaluation) as a list of names and values. */
export function KeyValues({ values, empty }: { values: Record<string, unknown> | null | undefined; empty: string }) {
  const entries = Object.entries(values ?? {});
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack gap={2} component="dl" m={0}>
      {entries.map(([name, value]) => (
        <div key={name} style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Text component="dt" size="sm" fw={600}>
            {name.replace(/_/g, ' ')}:
          </Text>
          <Text component="dd" size="sm" m={0}>
            {valueInWords(value)}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

function valueInWords(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value);
}
