import { Title } from '@mantine/core';

export function AssistantEditorPage() {
  return <Title order={1} size="h2">Assistant</Title>;
}
