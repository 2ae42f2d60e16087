import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';

function Upcoming({ title, what, route }: { title: string; what: string; route: string }) {
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">{title}</Title>
      <Paper withBorder p="lg">
        <Stack gap="xs">
          <Text fw={600}>This page is not in the console yet.</Text>
          <Text>{what}</Text>
          <Text size="sm" c="dimmed">
            Until it is, the same information is available through the API: <code>{route}</code> in the{' '}
            <Anchor href="/api/docs" target="_blank" rel="noopener">API reference</Anchor>.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

export const KnowledgePage = () => (
  <Upcoming title="Knowledge" route="GET /api/user/knowledgebases" what="Here you will upload documents and add websites your assistants answer from, and try what they would find." />
);
