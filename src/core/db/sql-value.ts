import type { RawBuilder } from 'kysely';

/**
 * A value a statement-building function puts into its SQL: sent as a parameter, or an
 * expression of the statement itself (e.g. a column of a row an earlier CTE found), for a
 * caller that folds finding the row and writing by it into one statement.
 */
export type SqlValue<T> = T | RawBuilder<T>;
