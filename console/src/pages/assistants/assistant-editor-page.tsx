import { Alert, Badge, Button, Grid, Group, Paper, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import type { Assistant } from '../../api/types.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { BasicsFields } from './basics-fields.js';
import { basicsOf, basicsRequest, validateBasics, placeServerErrors, type BasicsValues } from './basics-form.js';
import { BehaviourGroup } from './behaviour-group.js';
import { KnowledgeGroup } from './knowledge-group.js';
import { modeSwitchWarning } from './mode-switch.js';
import { ToolsGroup } from './tools-group.js';
import { TryItPanel } from './try-it/try-it-panel.js';
import { VoiceGroup } from './voice-group.js';
import { WebhooksGroup } from './webhooks-group.js';
import { WidgetGroup } from './widget-group.js';

/** The editor's groups, as a person looks for a setting; each saves its own fields. */
const GROUPS = [
  { value: 'basics', label: 'Basics', explains: 'What it is called, how it sounds and what it is told to do.' },
  {
    value: 'voice',
    label: 'Voice and speech',
    explains: 'Who turns text into its voice and the caller’s voice into text, and how the voice sounds.',
  },
  { value: 'behaviour', label: 'Call behaviour', explains: 'Who speaks first, interruptions, silences, time limits and voicemail.' },
  {
    value: 'tools',
    label: 'Tools',
    explains: 'What it can do during a call besides talking: transfer, hang up, read digits, book appointments.',
  },
  { value: 'knowledge', label: 'Knowledge', explains: 'Documents it answers from.' },
  { value: 'webhooks', label: 'Results and evaluation', explains: 'Where each call’s results go, and what it fills in about every call.' },
  {
    value: 'widget',
    label: 'Website chat',
    explains: 'The chat on your website: how it looks, where it may appear, and the line to paste.',
  },
] as const;

const assistantQuery = (id: number) => ({
  queryKey: ['assistants', id],
  queryFn: async () => unwrap(await api.GET('/api/user/assistant/{id}', { params: { path: { id } } })).data,
});

export function AssistantEditorPage() {
  const { assistantId } = useParams({ from: '/signed-in/assistants/$assistantId' });
  const assistant = useQuery(assistantQuery(assistantId));
  return (
    <Stack gap="md" maw={1400}>
      <AnchorLink to="/assistants" size="sm">
        ← All assistants
      </AnchorLink>
      <QueryState query={assistant} label="the assistant">
        {(data) => <Editor key={data.id} assistant={data} />}
      </QueryState>
    </Stack>
  );
}

function Editor({ assistant }: { assistant: Assistant }) {
  const queryClient = useQueryClient();
  const [elsewhere, setElsewhere] = useState<string[]>([]);
  const form = useForm<BasicsValues>({ initialValues: basicsOf(assistant), validate: validateBasics });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['assistants'] });

  const save = useMutation({
    mutationFn: async (values: BasicsValues) =>
      unwrap(await api.PATCH('/api/user/assistant/{id}', { params: { path: { id: assistant.id } }, body: basicsRequest(values) })),
    onSuccess: async () => {
      form.resetDirty();
      notifications.show({ color: 'green', message: 'Saved. Calls and chats that start from now on use these settings.' });
      await refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const placed = placeServerErrors(error.fieldErrors);
        form.setErrors(placed.onFields);
        setElsewhere(Object.keys(error.fieldErrors).length > 0 ? placed.elsewhere : [error.message]);
      } else setElsewhere([describeError(error)]);
    },
  });
  const setStatus = useMutation({
    mutationFn: async (status: 'active' | 'inactive') =>
      unwrap(await api.PATCH('/api/user/assistant/{id}', { params: { path: { id: assistant.id } }, body: { status } })),
    onSuccess: async (_answer, status) => {
      notifications.show({
        color: 'green',
        message:
          status === 'active'
            ? `${assistant.name} is active: it answers from now on.`
            : `${assistant.name} is inactive: it no longer answers.`,
      });
      await refresh();
    },
    onError: (error) => notifications.show({ color: 'red', title: 'The status did not change', message: describeError(error) }),
  });

  const active = assistant.status === 'active';
  const modeWarning = modeSwitchWarning(assistant, form.getValues().mode);
  const basicsPanel = (
    <Paper withBorder p="md">
      <form
        onSubmit={form.onSubmit((values) => {
          setElsewhere([]);
          save.mutate(values);
        })}
        noValidate
      >
        <Stack>
          {elsewhere.length > 0 && (
            <Alert color="red" role="alert" title="Not saved">
              {elsewhere.map((message) => (
                <Text size="sm" key={message}>
                  {message}
                </Text>
              ))}
            </Alert>
          )}
          <BasicsFields form={form} />
          {modeWarning && (
            <Alert color="yellow" variant="light" title="Voice engine changes">
              {modeWarning}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
              Undo changes
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {assistant.name}
          </Title>
          <Group gap="xs" mt={4}>
            <Badge color={active ? 'teal.9' : 'gray.7'} variant={active ? 'filled' : 'outline'}>
              {active ? 'Active' : 'Inactive'}
            </Badge>
            <Text size="sm" c="dimmed">
              ID {assistant.id}
            </Text>
          </Group>
        </div>
        <Paper withBorder p="sm">
          <Switch
            size="md"
            checked={active}
            disabled={setStatus.isPending}
            onChange={(event) => setStatus.mutate(event.currentTarget.checked ? 'active' : 'inactive')}
            label={active ? 'Active: answers calls and chats' : 'Inactive: does not answer'}
          />
        </Paper>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Tabs defaultValue="basics">
            <Tabs.List mb="sm">
              {GROUPS.map((group) => (
                <Tabs.Tab key={group.value} value={group.value}>
                  {group.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {GROUPS.map((group) => (
              <Tabs.Panel key={group.value} value={group.value}>
                <Text size="sm" c="dimmed" mb="sm">
                  {group.explains}
                </Text>
                {group.value === 'basics' ? basicsPanel : <GroupPanel group={group.value} assistant={assistant} />}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <TryItPanel assistant={assistant} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function GroupPanel({ group, assistant }: { group: string; assistant: Assistant }) {
  const panels: Record<string, (props: { assistant: Assistant }) => ReactNode> = {
    voice: VoiceGroup,
    behaviour: BehaviourGroup,
    tools: ToolsGroup,
    knowledge: KnowledgeGroup,
    webhooks: WebhooksGroup,
    widget: WidgetGroup,
  };
  const Panel = panels[group]!;
  return (
    <Paper withBorder p="md">
      <Panel assistant={assistant} />
    </Paper>
  );
}
