import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { KnowledgeBasePanel } from './knowledge-base-panel.js';
import { RequireRole } from '../../shell/role.js';

export const STATUS_COLORS: Record<string, string> = { active: 'teal.9', processing: 'blue.9', failed: 'red.9', empty: 'gray.8' };
export const STATUS_WORDS: Record<string, string> = {
  active: 'Ready',
  processing: 'Reading…',
  failed: 'Failed',
  empty: 'No documents yet',
};

/** Knowledge bases: documents and websites an assistant looks things up in while it talks. */
export function KnowledgePage() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const bases = useQuery({
    queryKey: ['knowledgebases'],
    queryFn: async () => unwrap(await api.GET('/api/user/knowledgebases')),
    refetchInterval: (query) => (query.state.data?.data.some((kb) => kb.status === 'processing') ? 3_000 : false),
  });
  const create = useMutation({
    mutationFn: async (kbName: string) => unwrap(await api.POST('/api/user/knowledgebases', { body: { name: kbName } })),
    onSuccess: async (created) => {
      setName('');
      await queryClient.invalidateQueries({ queryKey: ['knowledgebases'] });
      setOpenId(created.data.id);
      notifications.show({ color: 'green', message: `“${created.data.name}” is created: add documents or a website to it.` });
    },
  });
  const open = bases.data?.data.find((kb) => kb.id === openId) ?? null;

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Knowledge
        </Title>
        <Text size="sm" c="dimmed">
          Files and web pages your assistants read answers from: opening hours, prices, your FAQ. Give an assistant a knowledge base in its
          settings.
        </Text>
      </div>
      <RequireRole atLeast="editor">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) create.mutate(name.trim());
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="New knowledge base"
              placeholder="e.g. Shop FAQ"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={255}
              w={280}
              error={create.isError ? describeError(create.error) : undefined}
            />
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              Create
            </Button>
          </Group>
        </form>
      </RequireRole>
      <QueryState query={bases} label="the knowledge bases">
        {(result) =>
          result.data.length === 0 ? (
            <Paper withBorder p="lg">
              <Text fw={600}>No knowledge base yet.</Text>
              <Text size="sm">Create one above, then upload a PDF, Word or text file, or add your website.</Text>
            </Paper>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">State</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Documents
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Used by assistants
                    </Table.Th>
                    <Table.Th scope="col">Changed</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.data.map((kb) => (
                    <Table.Tr key={kb.id} bg={kb.id === openId ? 'blue.0' : undefined}>
                      <Table.Td>
                        <UnstyledButton onClick={() => setOpenId(kb.id)} c="blue.9" td="underline" fz="sm" aria-label={`${kb.name}, open`}>
                          {kb.name}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant={kb.status === 'active' ? 'filled' : 'outline'} color={STATUS_COLORS[kb.status]}>
                          {STATUS_WORDS[kb.status] ?? kb.status_label}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">{kb.documents_count}</Table.Td>
                      <Table.Td ta="right">{kb.assistants_count}</Table.Td>
                      <Table.Td>{formatDateTime(kb.updated_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      {open && <KnowledgeBasePanel key={open.id} knowledgeBase={open} />}
    </Stack>
  );
}
