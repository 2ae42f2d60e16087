import { Title } from '@mantine/core';

export function AssistantsPage() {
  return <Title order={1} size="h2">Assistants</Title>;
}
