import { Stack, Title } from '@mantine/core';
import { ApiKeysSection } from './api-keys-section.js';
import { BalanceSection } from './balance-section.js';
import { ProfileSection } from './profile-section.js';

/** Who is signed in, the balance and its history, and the API keys for other programs. */
export function AccountPage() {
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        Account
      </Title>
      <ProfileSection />
      <ApiKeysSection />
      <BalanceSection />
    </Stack>
  );
}
