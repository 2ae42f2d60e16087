import { Alert, Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { prettyBody, testArguments, testErrorInWords, type Tool, type ToolTest } from './tool-form.js';

/**
 * "Send a test request": values for the saved tool's parameters, sent as the assistant would
 * send them; then the exact request (secrets shortened), the response and what the assistant
 * would read. Unsaved changes are not tested: the saved tool is what assistants use.
 */
export function ToolTestPanel({ tool, unsaved }: { tool: Tool; unsaved: boolean }) {
  const [inputs, setInputs] = useState<Record<string, string | boolean>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: async (args: Record<string, string | number | boolean>) =>
      unwrap(await api.POST('/api/user/tools/{id}/test', { params: { path: { id: tool.id } }, body: { arguments: args } })),
  });
  const submit = () => {
    const { args, errors: found } = testArguments(tool.schema, inputs);
    setErrors(found);
    if (Object.keys(found).length === 0) send.mutate(args);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="test-title">
      <Title order={2} size="h4" id="test-title">
        Send a test request
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Calls your endpoint now, exactly as an assistant would, and shows what was sent and what came back.
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {tool.schema.length === 0 && <Text size="sm">This tool sends no values.</Text>}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {tool.schema.map((p) =>
              p.type === 'boolean' ? (
                <Switch
                  key={p.name}
                  label={p.name}
                  description={p.description}
                  checked={inputs[p.name] === true}
                  onChange={(event) => setInputs({ ...inputs, [p.name]: event.currentTarget.checked })}
                />
              ) : (
                <TextInput
                  key={p.name}
                  label={p.name}
                  description={p.description}
                  inputMode={p.type === 'number' ? 'decimal' : undefined}
                  value={typeof inputs[p.name] === 'string' ? (inputs[p.name] as string) : ''}
                  error={errors[p.name]}
                  onChange={(event) => setInputs({ ...inputs, [p.name]: event.currentTarget.value })}
                />
              ),
            )}
          </SimpleGrid>
          {unsaved && (
            <Alert color="yellow" title="Save first">
              The test sends the tool as it is saved; your changes above are not saved yet.
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={send.isPending} disabled={unsaved}>
              Send a test request
            </Button>
          </Group>
        </Stack>
      </form>
      {send.isError && (
        <Alert color="red" role="alert" title="The test was not sent" mt="md">
          {describeError(send.error)}
        </Alert>
      )}
      {send.data && <TestResult result={send.data} timeoutSeconds={tool.timeout} />}
    </Paper>
  );
}

function Block({ title, children }: { title: string; children: string }) {
  return (
    <figure style={{ margin: 0 }}>
      <Text component="figcaption" size="xs" c="dimmed" tt="uppercase" fw={600} mb={2}>
        {title}
      </Text>
      {/* Scrolls when long: focusable, so the keyboard can scroll it too. */}
      <Code block fz="xs" tabIndex={0} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 320, overflow: 'auto' }}>
        {children}
      </Code>
    </figure>
  );
}

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

function TestResult({ result, timeoutSeconds }: { result: ToolTest; timeoutSeconds: number }) {
  const { request, response, error } = result;
  const ok = response !== null && response.status >= 200 && response.status < 300;
  return (
    <Stack gap="sm" mt="md" aria-live="polite" data-testid="tool-test-result">
      <Group gap="sm">
        <Badge variant="outline" color={ok ? 'teal.9' : 'red.9'} miw="max-content">
          {response ? `HTTP ${response.status}` : 'No answer'}
        </Badge>
        <Text size="sm">{response ? `Answered in ${result.duration_ms} ms` : `Gave up after ${result.duration_ms} ms`}</Text>
      </Group>
      {error && (
        <Alert color="red" title="Your endpoint did not answer">
          {testErrorInWords(error, timeoutSeconds)}
        </Alert>
      )}
      <Block title="Request sent">
        {`${request.method} ${request.url}\n${headerLines(request.headers)}${request.body ? `\n\n${prettyBody(request.body)}` : ''}`}
      </Block>
      {response && (
        <Block title="Response">
          {`HTTP ${response.status}\n${headerLines(response.headers)}\n\n${prettyBody(response.body)}${response.body_truncated ? '\n… (cut at 64 KB)' : ''}`}
        </Block>
      )}
      <Block title="What the assistant reads">{JSON.stringify(result.function_result, null, 2)}</Block>
    </Stack>
  );
}
