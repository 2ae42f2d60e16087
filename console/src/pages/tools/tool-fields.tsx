import { ActionIcon, Button, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { METHODS, type ToolValues } from './tool-form.js';

type ToolForm = UseFormReturnType<ToolValues>;

const PARAMETER_TYPES = [
  { value: 'string', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'boolean', label: 'Yes or no' },
];

/** What the tool is for, the address it calls and how: the fields of the editor. */
export function ToolFields({ form }: { form: ToolForm }) {
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Name"
          description="What the assistant calls it: lowercase letters and underscores."
          placeholder="check_order_status"
          required
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <NumberInput
          label="Time limit (seconds)"
          description="How long the assistant waits for an answer, 1 to 30."
          min={1}
          max={30}
          allowDecimal={false}
          key={form.key('timeout')}
          {...form.getInputProps('timeout')}
        />
      </SimpleGrid>
      <Textarea
        label="When to use it"
        description="The assistant reads this to decide when to call the tool, e.g. “Looks up an order's delivery status by its number.”"
        required
        autosize
        minRows={2}
        maxLength={255}
        key={form.key('description')}
        {...form.getInputProps('description')}
      />
      <Group align="flex-start" gap="sm">
        <Select
          label="Method"
          data={METHODS}
          allowDeselect={false}
          w={110}
          style={{ flexShrink: 0 }}
          key={form.key('method')}
          {...form.getInputProps('method')}
        />
        <TextInput
          label="Address (URL)"
          description="GET and DELETE send the values as the query string; the others as JSON."
          placeholder="https://api.your-shop.example/orders/status"
          required
          style={{ flex: '1 1 240px' }}
          key={form.key('endpoint')}
          {...form.getInputProps('endpoint')}
        />
      </Group>
      <ParameterRows form={form} />
      <HeaderRows form={form} />
    </Stack>
  );
}

function ParameterRows({ form }: { form: ToolForm }) {
  const rows = form.getValues().schema;
  return (
    <Fieldset legend="Values the assistant sends" p="sm">
      <Text size="xs" c="dimmed" mb="xs">
        What the assistant learns from the customer and passes on, e.g. order_id, “the customer's order number”.
      </Text>
      <Stack gap="xs">
        {rows.map((_, index) => (
          <Group key={form.key(`schema.${index}`)} align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label="Name"
              placeholder="order_id"
              style={{ flex: '1 1 120px' }}
              key={form.key(`schema.${index}.name`)}
              {...form.getInputProps(`schema.${index}.name`)}
            />
            <Select
              label="Kind"
              data={PARAMETER_TYPES}
              allowDeselect={false}
              w={120}
              key={form.key(`schema.${index}.type`)}
              {...form.getInputProps(`schema.${index}.type`)}
            />
            <TextInput
              label="What it is"
              placeholder="The customer's order number"
              style={{ flex: '3 1 200px' }}
              key={form.key(`schema.${index}.description`)}
              {...form.getInputProps(`schema.${index}.description`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={`Remove value ${index + 1}`}
              onClick={() => form.removeListItem('schema', index)}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          onClick={() => form.insertListItem('schema', { name: '', type: 'string', description: '' })}
        >
          Add a value
        </Button>
      </Stack>
    </Fieldset>
  );
}

function HeaderRows({ form }: { form: ToolForm }) {
  const rows = form.getValues().headers;
  return (
    <Fieldset legend="Headers" p="sm">
      <Text size="xs" c="dimmed" mb="xs">
        E.g. your system&apos;s API key. Values are stored encrypted and shown shortened (sk_l…7890); leave a shortened value as it is to
        keep it.
      </Text>
      <Stack gap="xs">
        {rows.map((_, index) => (
          <Group key={form.key(`headers.${index}`)} align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label="Header"
              placeholder="X-Api-Key"
              style={{ flex: '1 1 140px' }}
              key={form.key(`headers.${index}.name`)}
              {...form.getInputProps(`headers.${index}.name`)}
            />
            <TextInput
              label="Value"
              style={{ flex: '2 1 200px' }}
              autoComplete="off"
              key={form.key(`headers.${index}.value`)}
              {...form.getInputProps(`headers.${index}.value`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={`Remove header ${index + 1}`}
              onClick={() => form.removeListItem('headers', index)}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}
        <Button variant="light" size="xs" w="fit-content" onClick={() => form.insertListItem('headers', { name: '', value: '' })}>
          Add a header
        </Button>
      </Stack>
    </Fieldset>
  );
}
