import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { createDeps, type Deps } from './deps.js';
import { migrateToLatest } from './core/db/database.js';
import { AppError } from './core/http/errors.js';
import { DataDirInUseError } from './core/db/data-dir-lock.js';
import { DataDirVersionError } from './core/db/data-dir-version.js';
import { microsToUsd } from './core/money.js';
import { loadEnvFile } from './core/env-file.js';

const USAGE = `Usage: npm run --silent cli -- <command>

  migrate                                   apply pending database migrations
  users create --email E --password P [--name N] [--balance USD]
                                            create a user; prints {"id","email","name","api_key"}
  users credit --email E --amount USD --reason TEXT
                                            add (or with a negative amount, remove) balance;
                                            recorded in the account's audit log
  users list                                list users with their balances
  users delete --email E                    delete a user: revokes every API key and session at once;
                                            the balance ledger is kept; prints {"id","email","deleted_at","tokens_revoked"}
  operators grant --email E                 make the member with this e-mail the server's operator
                                            (the Operator page: every account, balances, suspension);
                                            prints {"id","email","is_operator"}
  operators revoke --email E                that member is no longer the operator
  phone-numbers assign --email E --number N [--reassign]
                                            give a user a number of the service's own Twilio account
                                            (TWILIO_ACCOUNT_SID must list it): it receives that user's
                                            calls; --reassign takes it from the account holding it;
                                            prints {"id","email","phone_number","claim","taken_from_user_id"}

Uses the same configuration as the server (DATABASE_URL, DATA_DIR, ...).`;

/** Admin CLI: prints exactly one JSON document on stdout; messages and errors go to stderr. */
async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseCommandLine(argv);
  const command = positionals.join(' ');
  if (values.help || !command) {
    console.error(USAGE);
    return values.help ? 0 : 64;
  }

  loadEnvFile();
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  // stdout carries only the command's JSON; log lines go to stderr.
  const deps = await createDeps(config, { logger: pino({ level: config.LOG_LEVEL }, pino.destination(2)) });
  try {
    await migrateToLatest(deps.db);
    const output = await run(command, values, deps);
    process.stdout.write(`${JSON.stringify(output)}\n`);
    return 0;
  } finally {
    await deps.database.close();
  }
}

type Flags = Record<string, string | boolean | undefined>;

function parseCommandLine(argv: string[]) {
  // `--amount -5` is a negative amount, not a flag: glue such a value to its option.
  const args: string[] = [];
  for (const arg of argv) {
    const previous = args[args.length - 1];
    if (/^-\d/.test(arg) && previous?.startsWith('--') && !previous.includes('=')) args[args.length - 1] = `${previous}=${arg}`;
    else args.push(arg);
  }
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        balance: { type: 'string' },
        amount: { type: 'string' },
        reason: { type: 'string' },
        number: { type: 'string' },
        reassign: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]!);
  }
}

async function run(command: string, flags: Flags, deps: Deps): Promise<unknown> {
  const { accounts } = deps.services;
  switch (command) {
    case 'migrate':
      return { migrated: true };
    case 'users create': {
      const { user, apiKey } = await accounts.createUser({
        email: required(flags, 'email'),
        password: required(flags, 'password'),
        name: flags.name as string | undefined,
        balanceUsd: flags.balance === undefined ? undefined : usd(flags.balance as string, 'balance'),
      });
      return { id: user.id, email: user.email, name: user.name, api_key: apiKey.token };
    }
    case 'users credit': {
      const { user, balanceMicros } = await accounts.creditBalance({
        email: required(flags, 'email'),
        amountUsd: usd(required(flags, 'amount'), 'amount'),
        reason: required(flags, 'reason'),
      });
      return { id: user.id, email: user.email, total_balance: microsToUsd(balanceMicros) };
    }
    case 'users list':
      return (await accounts.listUsers()).map((u) => ({
        id: u.id,
        email: u.email,
        name: u.name,
        total_balance: microsToUsd(u.balance_micros),
        created_at: u.created_at.toISOString(),
      }));
    case 'users delete': {
      const { user, tokensRevoked, deletedAt } = await accounts.deleteUser({ email: required(flags, 'email') });
      return { id: user.id, email: user.email, deleted_at: deletedAt.toISOString(), tokens_revoked: tokensRevoked };
    }
    case 'operators grant':
    case 'operators revoke': {
      const member = await accounts.setOperator({ email: required(flags, 'email'), isOperator: command === 'operators grant' });
      return { id: member.id, email: member.email, is_operator: member.is_operator };
    }
    case 'phone-numbers assign': {
      const user = await accounts.userByEmail(required(flags, 'email'));
      const { line, takenFrom } = await deps.services.phoneNumbers.assignOperatorNumber({
        userId: user.id,
        phoneNumber: required(flags, 'number'),
        reassign: flags.reassign === true,
      });
      return { id: line.id, email: user.email, phone_number: line.phone_number, claim: line.claim, taken_from_user_id: takenFrom };
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

class UsageError extends Error {}

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required.`);
  return value;
}

function usd(text: string, name: string): number {
  const value = Number(text);
  if (!/^-?\d+(\.\d+)?$/.test(text.trim()) || !Number.isFinite(value))
    throw new UsageError(`--${name} must be a number of USD, e.g. 12.50.`);
  return value;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof DataDirVersionError)
      console.error(error.message);
    else if (error instanceof AppError)
      console.error(error.fieldErrors ? Object.values(error.fieldErrors).flat().join(' ') : error.message);
    else console.error(error);
    process.exit(error instanceof UsageError ? 64 : 1);
  },
);
