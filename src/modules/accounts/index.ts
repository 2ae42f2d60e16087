// The accounts module (users, members and invitations, sessions, API keys, the balance ledger): what other modules and the
// composition root (app.ts, deps.ts) may use. Anything not listed here is internal to the module.
export { balanceMoveCtes } from './accounts.repo.js';
export { accountsRoutes } from './accounts.routes.js';
export { LedgerEntry } from './accounts.schemas.js';
export {
  InsufficientBalanceError,
  changeBalance,
  createAccountsService,
  isAccountSuspended,
  latestLedgerEntry,
} from './accounts.service.js';
export type { AccountsService } from './accounts.service.js';
export { createApiKeysService } from './api-keys.service.js';
export { DEFAULT_AUTH_CACHE, createAuthCache, revokedMemberMessage, revokedUserMessage } from './auth-cache.js';
export type { AuthCache } from './auth-cache.js';
export { announceRevocation } from './tokens.repo.js';
export { createAuthService } from './auth.service.js';
export { createInvitationsService } from './invitations.service.js';
export { createMembersService } from './members.service.js';
export { membersRoutes } from './members.routes.js';
export { createOidcClient } from './oidc.client.js';
export { oidcRoutes } from './oidc.routes.js';
export { createOidcService } from './oidc.service.js';
export { routeRolePolicy } from './permissions.js';
