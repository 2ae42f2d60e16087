import { Title } from '@mantine/core';

export function AccountPage() {
  return <Title order={1} size="h2">Account</Title>;
}
