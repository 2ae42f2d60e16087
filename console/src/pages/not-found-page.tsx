import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center">
        <Title order={1} size="h2">
          This page does not exist
        </Title>
        <Text c="dimmed">The address may be mistyped, or the page was moved.</Text>
        <Button component={Link} to="/assistants">
          Go to your assistants
        </Button>
      </Stack>
    </Center>
  );
}
