import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { api, unwrap } from '../../api/client.js';
import { assistantListQuery } from '../../api/queries.js';
import { EmptyState } from '../../components/empty-state.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { RequireRole } from '../../shell/role.js';

export const toolsQuery = { queryKey: ['tools'] as const, queryFn: async () => unwrap(await api.GET('/api/user/tools')) };

/** The account's tools: requests to its own systems an assistant can make during a chat or call. */
export function ToolsPage() {
  const tools = useQuery(toolsQuery);
  const assistants = useQuery(assistantListQuery);
  const usedBy = (id: number) => (assistants.data ?? []).filter((a) => a.tool_ids.includes(id)).length;
  const newTool = (
    <RequireRole atLeast="editor">
      <Button component={Link} to="/tools/new">
        New tool
      </Button>
    </RequireRole>
  );

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Tools
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            A tool lets an assistant ask your own system something during a chat or a call: an order&apos;s status, a stock level, a
            booking. Give a tool to an assistant in its settings, under Tools.
          </Text>
        </div>
        {newTool}
      </Group>
      <QueryState query={tools} label="your tools">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="Create your first tool" action={newTool}>
              Tell the assistant when to use it and which address to call; it sends what it learned from the customer (an order number, a
              date) and reads your system&apos;s answer. You can send a test request before any customer does.
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={340}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Tool</Table.Th>
                    <Table.Th scope="col" visibleFrom="sm">
                      Calls
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Assistants
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((tool) => (
                    <Table.Tr key={tool.id}>
                      <Table.Td>
                        <AnchorLink to="/tools/$toolId" params={{ toolId: tool.id }} fw={600} style={{ wordBreak: 'break-word' }}>
                          {tool.name}
                        </AnchorLink>
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {tool.description}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <Group gap={6} wrap="nowrap">
                          <Badge variant="outline" color="gray.8" miw="max-content">
                            {tool.method}
                          </Badge>
                          <Text size="sm" style={{ wordBreak: 'break-all' }}>
                            {tool.endpoint}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{assistants.data ? usedBy(tool.id) : '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
    </Stack>
  );
}
