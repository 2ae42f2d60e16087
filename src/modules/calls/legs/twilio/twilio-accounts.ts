import type { SecretBox } from '../../../../core/crypto/secret-box.js';
import type { Db } from '../../../../core/db/database.js';
import type { TwilioCredentials } from './twilio-rest.js';

export interface TwilioAccountsOptions {
  db: Db;
  secrets: SecretBox;
  /** TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN: the operator's own account, if configured. */
  accountSid?: string;
  authToken?: string;
}

/**
 * Which Twilio account a number or a request belongs to: a phone number registered with
 * `provider: "twilio"` uses its own account, with the token Twilio accepted for it
 * (`twilio_accounts`), and only while that account is registered by the number's owner; every
 * other number uses the configured one.
 */
export function createTwilioAccounts({ db, secrets, accountSid, authToken }: TwilioAccountsOptions) {
  const configured: TwilioCredentials | null = accountSid && authToken ? { accountSid, authToken } : null;

  const open = (row: { account_sid: string; auth_token_sealed: string }): TwilioCredentials => ({
    accountSid: row.account_sid,
    authToken: secrets.open(row.auth_token_sealed),
  });

  return {
    configured,

    /** The account that places calls from this number; null when none is set up (or its account is another tenant's now). */
    async forPhoneNumber(phoneNumberId: number | null): Promise<TwilioCredentials | null> {
      if (phoneNumberId === null) return configured;
      const row = await db
        .selectFrom('phone_numbers as p')
        .leftJoin('twilio_accounts as t', (join) =>
          join.onRef('t.account_sid', '=', 'p.twilio_account_sid').onRef('t.user_id', '=', 'p.user_id'),
        )
        .select(['p.provider', 't.account_sid', 't.auth_token_sealed'])
        .where('p.id', '=', phoneNumberId)
        .executeTakeFirst();
      if (row?.provider !== 'twilio') return configured;
      return row.account_sid && row.auth_token_sealed
        ? open({ account_sid: row.account_sid, auth_token_sealed: row.auth_token_sealed })
        : null;
    },

    /** The credentials of the account a webhook names (its AccountSid). */
    async bySid(sid: string): Promise<TwilioCredentials | null> {
      if (configured && configured.accountSid === sid) return configured;
      const row = await db
        .selectFrom('twilio_accounts')
        .select(['account_sid', 'auth_token_sealed'])
        .where('account_sid', '=', sid)
        .executeTakeFirst();
      return row ? open(row) : null;
    },

    /** Every known account, for a request that names none (the media stream's upgrade). */
    async all(): Promise<TwilioCredentials[]> {
      const rows = await db.selectFrom('twilio_accounts').select(['account_sid', 'auth_token_sealed']).orderBy('account_sid').execute();
      const accounts = rows.map(open);
      return configured ? [configured, ...accounts.filter((a) => a.accountSid !== configured.accountSid)] : accounts;
    },
  };
}

export type TwilioAccounts = ReturnType<typeof createTwilioAccounts>;
