import { Badge, Grid, Group, Paper, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { assistantQuery } from '../../api/queries.js';
import type { Assistant } from '../../api/types.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { RequireRole } from '../../shell/role.js';
import { BasicsGroup } from './basics-group.js';
import { BehaviourGroup } from './behaviour-group.js';
import { KnowledgeGroup } from './knowledge-group.js';
import { ToolsGroup } from './tools-group.js';
import { TryItPanel } from './try-it/try-it-panel.js';
import { UnsavedChangesGuard } from './unsaved-changes.js';
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

const PANELS: Record<(typeof GROUPS)[number]['value'], (props: { assistant: Assistant }) => ReactNode> = {
  basics: BasicsGroup,
  voice: VoiceGroup,
  behaviour: BehaviourGroup,
  tools: ToolsGroup,
  knowledge: KnowledgeGroup,
  webhooks: WebhooksGroup,
  widget: WidgetGroup,
};

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
  const search = useSearch({ from: '/signed-in/assistants/$assistantId' });
  const navigate = useNavigate({ from: '/assistants/$assistantId' });
  // The open group is in the address, so a reload or a shared link opens it again. Only the open
  // group's form is mounted: leaving it with unsaved changes asks first (UnsavedChangesGuard).
  const group = GROUPS.find((g) => g.value === search.tab) ?? GROUPS[0];
  const openGroup = (value: string | null) =>
    void navigate({ search: (previous) => ({ ...previous, tab: value && value !== 'basics' ? value : undefined }), replace: true });
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
      await queryClient.invalidateQueries({ queryKey: ['assistants'] });
    },
    onError: (error) => notifications.show({ color: 'red', title: 'The status did not change', message: describeError(error) }),
  });

  const active = assistant.status === 'active';
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
        <RequireRole atLeast="editor">
          <Paper withBorder p="sm">
            <Switch
              size="md"
              checked={active}
              disabled={setStatus.isPending}
              onChange={(event) => setStatus.mutate(event.currentTarget.checked ? 'active' : 'inactive')}
              label={active ? 'Active: answers calls and chats' : 'Inactive: does not answer'}
            />
          </Paper>
        </RequireRole>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <UnsavedChangesGuard what={`“${group.label}”`}>
            <Tabs value={group.value} onChange={openGroup} keepMounted={false}>
              <Tabs.List mb="sm">
                {GROUPS.map((g) => (
                  <Tabs.Tab key={g.value} value={g.value}>
                    {g.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {GROUPS.map((g) => {
                const Panel = PANELS[g.value];
                return (
                  <Tabs.Panel key={g.value} value={g.value}>
                    <Text size="sm" c="dimmed" mb="sm">
                      {g.explains}
                    </Text>
                    <Paper withBorder p="md">
                      <Panel assistant={assistant} />
                    </Paper>
                  </Tabs.Panel>
                );
              })}
            </Tabs>
          </UnsavedChangesGuard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          {/* A test chat or call acts for the account: editors and above, as the API says. */}
          <RequireRole
            atLeast="editor"
            fallback={
              <Paper withBorder p="md">
                <Text size="sm">Trying the assistant by chat or call needs the editor role or higher.</Text>
              </Paper>
            }
          >
            <TryItPanel assistant={assistant} />
          </RequireRole>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
