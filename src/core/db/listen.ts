import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { APPLICATION_NAME } from './application-name.js';

export type Unlisten = () => Promise<void>;

const RECONNECT_DELAY_MS = 1_000;

/**
 * Called with each notification's payload, and with none (undefined) after a reconnect: what was
 * sent while the connection was down is gone, so the listener must re-check everything.
 */
export type OnNotify = (payload?: string) => void;

/**
 * LISTEN on a dedicated connection: a pooled one would be handed to other queries and lose the
 * subscription. After a lost connection it reconnects and calls onNotify once with no payload;
 * onError tells the caller the subscription is down until then.
 */
export async function listenForNotifications(
  url: string,
  channel: string,
  onNotify: OnNotify,
  onError: (error: Error) => void = () => {},
): Promise<Unlisten> {
  assertChannelName(channel);
  let client: pg.Client | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: `${APPLICATION_NAME} listen` });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    next.on('error', (error) => {
      onError(error);
      reconnectSoon();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };

  const reconnectSoon = () => {
    if (stopped || retryTimer) return;
    void client?.end().catch(() => {});
    client = undefined;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => onNotify(),
        (error: Error) => {
          onError(error);
          reconnectSoon();
        },
      );
    }, RECONNECT_DELAY_MS);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => {});
  };
}

/**
 * The embedded database delivers its own sessions' notifications, so jobs start right after the
 * commit there too. LISTEN goes through Kysely's connection queue, never into another transaction.
 */
export async function listenOnPglite(client: PGlite, db: Kysely<any>, channel: string, onNotify: OnNotify): Promise<Unlisten> {
  assertChannelName(channel);
  const unsubscribe = client.onNotification((name, payload) => {
    if (name === channel) onNotify(payload);
  });
  await sql.raw(`LISTEN ${channel}`).execute(db);
  return async () => unsubscribe();
}

function assertChannelName(channel: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
}
