import { Stack, Title } from '@mantine/core';
import { RequireRole } from '../../shell/role.js';
import { ApiKeysSection } from './api-keys-section.js';
import { BalanceSection } from './balance-section.js';
import { ProfileSection } from './profile-section.js';

/** Who is signed in with which role, the balance, and (for admins) its history. */
export function AccountPage() {
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        Account
      </Title>
      <ProfileSection />
      <RequireRole atLeast="admin">
        <BalanceSection />
      </RequireRole>
    </Stack>
  );
}

/** The API keys for other programs: admins and owners only, like the API's key routes. */
export function ApiKeysPage() {
  return (
    <RequireRole atLeast="admin" mode="page" what="API keys">
      <Stack gap="lg" maw={960}>
        <Title order={1} size="h2">
          API keys
        </Title>
        <ApiKeysSection />
      </Stack>
    </RequireRole>
  );
}
