import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a list shows before it has anything: what goes here, why you would want it, and the way to start. */
export function EmptyState({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder p="xl" ta="center">
      <Stack align="center" gap="xs">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text maw={560} component="div">
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
