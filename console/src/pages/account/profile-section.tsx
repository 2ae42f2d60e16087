import { Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../../api/queries.js';
import { QueryState } from '../../components/query-state.js';
import { formatUsd } from '../../format/format.js';

export function ProfileSection() {
  const user = useQuery(currentUserQuery);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-title">
      <Title order={2} size="h4" id="profile-title" mb="sm">
        You
      </Title>
      <QueryState query={user} label="your account">
        {(me) => (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Field label="Name" value={me.member?.name ?? me.name} />
            <Field label="E-mail" value={me.member?.email ?? me.email} />
            <Field label="Role" value={ROLE_NAMES[me.role]} />
            <Field label="Balance" value={formatUsd(me.total_balance)} />
          </SimpleGrid>
        )}
      </QueryState>
    </Paper>
  );
}

const ROLE_NAMES = { viewer: 'Viewer (reads)', editor: 'Editor (builds)', admin: 'Admin', owner: 'Owner' } as const;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={2} style={{ flexDirection: 'column', alignItems: 'flex-start' }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500} style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </Group>
  );
}
