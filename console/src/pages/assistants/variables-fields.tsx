import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { VariableRow } from './variables.js';

/** Name and value rows; {{name}} in the greeting or instructions is replaced by the value. */
export function VariablesFields<V extends { variables: VariableRow[] }>({ form }: { form: UseFormReturnType<V> }) {
  const f = form as unknown as UseFormReturnType<{ variables: VariableRow[] }>;
  const rows = f.getValues().variables;
  return (
    <Fieldset legend="Variables">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Write {'{{name}}'} in the greeting or instructions and it is replaced by the value, e.g. shop_hours: “8am to 6pm”. Calls can bring
          their own values.
        </Text>
        {rows.map((_row, index) => (
          <Group
            key={f.key(`variables.${index}`)}
            align="flex-start"
            gap="xs"
            wrap="wrap"
            role="group"
            aria-label={`Variable ${index + 1}`}
          >
            <TextInput label="Name" w={200} key={f.key(`variables.${index}.name`)} {...f.getInputProps(`variables.${index}.name`)} />
            <TextInput
              label="Value"
              style={{ flex: 1, minWidth: 200 }}
              key={f.key(`variables.${index}.value`)}
              {...f.getInputProps(`variables.${index}.value`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={`Remove variable ${index + 1}`}
              onClick={() => f.removeListItem('variables', index)}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" onClick={() => f.insertListItem('variables', { name: '', value: '' })}>
            Add a variable
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
