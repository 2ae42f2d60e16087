/**
 * How the service's PostgreSQL connections show in pg_stat_activity and the server's log (%a), so
 * that an operator can tell them from other clients; an application_name in DATABASE_URL wins.
 */
export const APPLICATION_NAME = 'switchboard';
