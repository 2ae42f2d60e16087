import type { App, AuthContext } from './fastify-types.js';
import { MEMBER_ROLES, type MemberRole } from '../db/schema.js';
import { AppError } from './errors.js';

/** The least a caller must be for a route: a member's role, or the server's operator. */
export type RequiredRole = MemberRole | 'operator';

export interface RolePolicy {
  /** The route's least role by its operationId; undefined refuses everyone (a route nobody placed). */
  requiredRole(operationId: string): RequiredRole | undefined;
  /** Routes a suspended account may still call (who am I, sign out). */
  allowedWhileSuspended(operationId: string): boolean;
}

/** What a suspended account hears, wherever its own credentials are refused. */
export const ACCOUNT_SUSPENDED = 'This account is suspended. Contact the operator of this server.';
export const accountSuspended = () => new AppError(403, ACCOUNT_SUSPENDED, { code: 'ACCOUNT_SUSPENDED' });

const rank = (role: MemberRole) => MEMBER_ROLES.indexOf(role);

export function roleAllows(auth: Pick<AuthContext, 'role' | 'operator'>, required: RequiredRole): boolean {
  if (required === 'operator') return auth.operator;
  return rank(auth.role) >= rank(required);
}

/**
 * Refuses a caller below `required` (or of a suspended account) in the route's error shape, as
 * the route check does. For public routes whose optional token spends the account's money.
 */
export function requireRole(auth: AuthContext, required: RequiredRole): void {
  if (auth.suspended) throw accountSuspended();
  if (!roleAllows(auth, required)) throw forbidden(auth, required);
}

/** Viewers read everything but secrets: a credential in what they read is replaced by HIDDEN_SECRET. */
export function hidesSecrets(auth: Pick<AuthContext, 'role' | 'operator'>): boolean {
  return !roleAllows(auth, 'editor');
}

/**
 * Every authenticated route is checked against the policy before its body is read. On
 * preParsing, after every onRequest hook, so routes that resolve their own token (the automate
 * family) are checked too; a public route without a caller has nothing to check. The 403 is in
 * the route's own error shape, like every other error.
 */
export function installRoles(app: App, policy: RolePolicy): void {
  app.addHook('preParsing', async (request) => {
    const auth = request.auth;
    if (!request.routeOptions.url || !auth) return;
    const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId ?? '';
    if (auth.suspended && !policy.allowedWhileSuspended(operationId)) throw accountSuspended();
    const required = policy.requiredRole(operationId);
    if (!required) {
      request.log.error({ route: request.routeOptions.url }, 'route has no role in the permissions table; refused');
      throw new AppError(403, 'Nobody may call this route.', { code: 'FORBIDDEN' });
    }
    if (!roleAllows(auth, required)) throw forbidden(auth, required);
  });
}

function forbidden(auth: AuthContext, required: RequiredRole): AppError {
  const message =
    required === 'operator'
      ? 'Only the operator of this server may do this.'
      : `Your role (${auth.role}) does not allow this; it needs ${required} or higher. Ask an admin of the account.`;
  return new AppError(403, message, { code: 'FORBIDDEN' });
}
