import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ErrorShape } from './errors.js';
import type { MessageDialect } from './validation-messages.js';
import type { MemberRole } from '../db/schema.js';

export interface AuthContext {
  /** The account: every resource is scoped by it. */
  userId: number;
  tokenId: number;
  tokenKind: 'api_key' | 'session';
  /** A session's member, or the member who created an API key (null once removed). */
  memberId: number | null;
  /** What the caller may do: a session's member's role, or the API key's own. */
  role: MemberRole;
  /** The server's operator (sessions only: an API key never carries it). */
  operator: boolean;
  /** An operator suspended the account: nothing but reading who one is works. */
  suspended: boolean;
  /** Who this is, for an audit row: the member's e-mail, or `API key "name"`. */
  label: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which of the four error shapes this route's family speaks (default plain). */
    errorShape?: ErrorShape;
    /** Routes are authenticated by default; public routes opt out here. */
    public?: boolean;
    /** Overrides the summary message of a schema validation failure, e.g. "Validation failed". */
    validationMessage?: string;
    /** The Laravel wording of the family's reference answers (validation-messages.ts); default current. */
    messageDialect?: MessageDialect;
    /** Message (and code) when a path parameter is malformed: such an id can only be "not found". */
    notFoundMessage?: string;
    notFoundCode?: string;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
