// `npm run generate:sql`: renders the hot statements, which are built by Kysely and compiled once
// (core/db/fixed-statement.ts) or written by hand, into .sql files beside the code that owns them,
// one per statement and shape, as PostgreSQL receives them but with each value's placeholder
// named (`:conversation_id` where the server gets `$3`) and formatted, so they can be read and
// reviewed. They are committed; a test renders them in memory and fails when one is stale.
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery } from 'kysely';
import { format } from 'sql-formatter';
import { Slot, type CompiledText } from '../src/core/db/fixed-statement.js';
import type { DbOrTx } from '../src/core/db/transaction.js';
import { applyStatusWithReceipt } from '../src/modules/chatapp/inbound/delivery-receipts.js';
import { SESSION_ROW_SQL } from '../src/modules/chatapp/messaging/chatapp-conversations.repo.js';
import { admission } from '../src/modules/conversations/admission.js';
import { identityByUuid } from '../src/modules/conversations/conversations.repo.js';
import { storing } from '../src/modules/conversations/message-pipeline.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every rendered file lives in a folder of this name, which holds nothing else. */
const SQL_FOLDER = 'sql';

/** One statement (or one shape of it) to render. */
interface Rendered {
  /** From the repository's root, in a `sql/` folder beside `source`. */
  file: string;
  source: string;
  /** What it is, for the file's header. */
  about: string;
  text: (db: DbOrTx) => CompiledText | Promise<CompiledText>;
}

/** Compiles like the server's PostgreSQL and PGlite (one compiler for both), and never connects. */
function compilingDatabase(): Kysely<unknown> {
  return new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** A hand-written text whose `$n` are the values named here, in order. */
function handWritten(sql: string, names: string[]): () => CompiledText {
  return () => ({ sql, parameters: names.map((name) => new Slot(name)) });
}

/**
 * The statements of a function that builds its queries per run: it runs against a database
 * that records what it would send and answers no rows, and each parameter equal to one of
 * `named`'s values is shown as that value's placeholder.
 */
function recordedWith(run: (db: DbOrTx) => Promise<unknown>, named: Record<string, unknown>): () => Promise<CompiledText> {
  return async () => {
    const sent: CompiledQuery[] = [];
    const recorder = new Kysely<unknown>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => recordingDriver(sent),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    await run(recorder as unknown as DbOrTx);
    if (sent.length !== 1) throw new Error(`expected one statement, the run sent ${sent.length}`);
    const byValue = new Map(Object.entries(named).map(([name, value]) => [comparable(value), name]));
    return {
      sql: sent[0]!.sql,
      parameters: sent[0]!.parameters.map((p) => (byValue.has(comparable(p)) ? new Slot(byValue.get(comparable(p))!) : p)),
    };
  };
}

const comparable = (value: unknown) =>
  value instanceof Date ? `date:${value.toISOString()}` : typeof value === 'string' ? `text:${value}` : `${typeof value}:${String(value)}`;

function recordingDriver(sent: CompiledQuery[]) {
  const connection = {
    executeQuery: (query: CompiledQuery) => {
      sent.push(query);
      return Promise.resolve({ rows: [] });
    },
    streamQuery: () => {
      throw new Error('not recorded');
    },
  };
  return Object.assign(new DummyDriver(), { acquireConnection: () => Promise.resolve(connection) });
}

const WIDGET = 'src/modules/conversations';
const CHATAPP = 'src/modules/chatapp';

/** The admission's shapes that run: no rate-limit window (chat apps) or the widget's two, each reservation, with and without the lookup. */
function admissionShapes(): Rendered[] {
  const shapes: Rendered[] = [];
  for (const windows of [0, 2]) {
    for (const reservation of ['none', 'charged', 'budgeted'] as const) {
      for (const lookup of [false, true]) {
        const shape = { windows, reservation, lookup };
        shapes.push({
          file: `${WIDGET}/${SQL_FOLDER}/admission.windows-${windows}.${reservation}${lookup ? '.lookup' : ''}.sql`,
          source: `${WIDGET}/admission.ts`,
          about:
            `A message's admission (admitMessage): ${windows} rate-limit window${windows === 1 ? '' : 's'}, ` +
            `${reservation === 'none' ? 'nothing reserved' : reservation === 'charged' ? 'the price reserved' : "the price reserved within the assistant's daily budget"}` +
            `${lookup ? ', the conversation and its assistants read in the statement' : ''}.`,
          text: (db) => admission.text(db, shape),
        });
      }
    }
  }
  return shapes;
}

/** Sample values the recorded statements are run with, each standing for its placeholder. */
const RECEIPT_VALUES = {
  sender_id: 910_001,
  platform_message_id: 'wamid.platform-message-id',
  status: 'delivered',
  // The status's rank: only a status further on replaces the stored one.
  status_rank: 2,
  error_code: 910_002,
  error_message: 'error message',
  now: new Date('2001-02-03T04:05:06.789Z'),
} as const;

export function renderedStatements(): Rendered[] {
  return [
    ...admissionShapes(),
    {
      file: `${WIDGET}/${SQL_FOLDER}/store-reply.sql`,
      source: `${WIDGET}/message-pipeline.ts`,
      about: 'A message and its reply stored, the turn finished and the charge captured, in one statement (storing).',
      text: (db) => storing.text(db),
    },
    {
      file: `${WIDGET}/${SQL_FOLDER}/identity-by-uuid.sql`,
      source: `${WIDGET}/conversations.repo.ts`,
      about: "A public message's first statement when its conversation's identity is not cached (identityByUuid).",
      text: (db) => {
        const compiled = identityByUuid.text(db);
        return { ...compiled, parameters: compiled.parameters.map((p) => (p instanceof Slot && p.key === 0 ? new Slot('uuid') : p)) };
      },
    },
    {
      file: `${CHATAPP}/messaging/${SQL_FOLDER}/session-row.sql`,
      source: `${CHATAPP}/messaging/chatapp-conversations.repo.ts`,
      about: 'The sender and its conversation with a customer, behind session status (SESSION_ROW_SQL, written by hand).',
      text: handWritten(SESSION_ROW_SQL, ['sender_id', 'customer_phone', 'user_id']),
    },
    {
      file: `${CHATAPP}/inbound/${SQL_FOLDER}/delivery-receipt.sql`,
      source: `${CHATAPP}/inbound/delivery-receipts.ts`,
      about:
        "A delivery receipt's status change (applyStatusWithReceipt's first statement; the webhook is queued only when it returns a row).",
      text: recordedWith(
        (db) =>
          applyStatusWithReceipt(db, {
            sender: { id: RECEIPT_VALUES.sender_id, user_id: 1, status_webhook_url: null } as never,
            change: {
              platformMessageId: RECEIPT_VALUES.platform_message_id,
              status: RECEIPT_VALUES.status,
              errorCode: RECEIPT_VALUES.error_code,
              errorMessage: RECEIPT_VALUES.error_message,
            },
            assistantUuid: null,
            now: RECEIPT_VALUES.now,
          }),
        RECEIPT_VALUES,
      ),
    },
  ];
}

/** A constant the statement embeds, written as SQL. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

const snakeCase = (key: string | number) => String(key).replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The text with named placeholders for the values of each run and the constants written out, formatted. */
export function renderSql(compiled: CompiledText): string {
  const text = compiled.sql.replace(/\$(\d+)/g, (_match, index: string) => {
    const parameter = compiled.parameters[Number(index) - 1];
    return parameter instanceof Slot ? `:${snakeCase(parameter.key)}` : literal(parameter);
  });
  return format(text, { language: 'postgresql', paramTypes: { named: [':'] }, keywordCase: 'upper', tabWidth: 2 });
}

/** Every file's path (from the root) and its content. */
export async function generateSqlFiles(): Promise<Map<string, string>> {
  const db = compilingDatabase() as unknown as DbOrTx;
  const files = new Map<string, string>();
  for (const statement of renderedStatements()) {
    const header = [
      `-- Generated by \`npm run generate:sql\` from ${statement.source}: edit that, not this.`,
      `-- ${statement.about}`,
      '-- Each :name is a numbered parameter ($1, $2...) in the text PostgreSQL receives.',
    ];
    files.set(statement.file, `${header.join('\n')}\n${renderSql(await statement.text(db))}\n`);
  }
  return files;
}

/** The .sql files in the folders the generator writes, as committed. */
export async function readCommittedSqlFiles(): Promise<Map<string, string>> {
  const folders = new Set(renderedStatements().map((statement) => dirname(statement.file)));
  const files = new Map<string, string>();
  for (const folder of folders) {
    const names = await readdir(join(ROOT, folder)).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.sql')).sort()) {
      const file = `${folder}/${name}`;
      files.set(file, await readFile(join(ROOT, file), 'utf8'));
    }
  }
  return files;
}

async function main(): Promise<void> {
  const generated = await generateSqlFiles();
  const committed = await readCommittedSqlFiles();
  let changed = 0;
  for (const [file, content] of generated) {
    if (committed.get(file) === content) continue;
    await mkdir(dirname(join(ROOT, file)), { recursive: true });
    await writeFile(join(ROOT, file), content);
    changed++;
  }
  // A shape or statement no longer rendered leaves no file behind.
  for (const file of committed.keys()) {
    if (generated.has(file)) continue;
    await rm(join(ROOT, file));
    changed++;
  }
  console.error(
    changed === 0 ? `The ${generated.size} SQL files are up to date.` : `Wrote or removed ${changed} SQL files (git status lists them).`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
