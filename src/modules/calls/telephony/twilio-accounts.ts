import type { SecretBox } from '../../../core/crypto/secret-box.js';
import type { Db } from '../../../core/db/database.js';
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
 * `provider: "twilio"` carries its own account; every other number uses the configured one.
 */
export function createTwilioAccounts({ db, secrets, accountSid, authToken }: TwilioAccountsOptions) {
  const configured: TwilioCredentials | null = accountSid && authToken ? { accountSid, authToken } : null;

  const fromRow = (row: { twilio_account_sid: string | null; twilio_auth_token_sealed: string | null }): TwilioCredentials | null =>
    row.twilio_account_sid && row.twilio_auth_token_sealed ? { accountSid: row.twilio_account_sid, authToken: secrets.open(row.twilio_auth_token_sealed) } : null;

  return {
    configured,

    /** The account that places calls from this number; null when none is set up. */
    async forPhoneNumber(phoneNumberId: number | null): Promise<TwilioCredentials | null> {
      if (phoneNumberId === null) return configured;
      const row = await db
        .selectFrom('phone_numbers')
        .select(['provider', 'twilio_account_sid', 'twilio_auth_token_sealed'])
        .where('id', '=', phoneNumberId)
        .executeTakeFirst();
      return row?.provider === 'twilio' ? fromRow(row) : configured;
    },

    /** The credentials of the account a webhook names (its AccountSid). */
    async bySid(sid: string): Promise<TwilioCredentials | null> {
      if (configured && configured.accountSid === sid) return configured;
      const row = await db
        .selectFrom('phone_numbers')
        .select(['twilio_account_sid', 'twilio_auth_token_sealed'])
        .where('provider', '=', 'twilio')
        .where('twilio_account_sid', '=', sid)
        .orderBy('id')
        .executeTakeFirst();
      return row ? fromRow(row) : null;
    },

    /** Every known account, for a request that names none (the media stream's upgrade). */
    async all(): Promise<TwilioCredentials[]> {
      const rows = await db
        .selectFrom('phone_numbers')
        .select(['twilio_account_sid', 'twilio_auth_token_sealed'])
        .where('provider', '=', 'twilio')
        .distinctOn('twilio_account_sid')
        .orderBy('twilio_account_sid')
        .orderBy('id')
        .execute();
      const accounts = rows.map(fromRow).filter((c): c is TwilioCredentials => c !== null);
      return configured ? [configured, ...accounts.filter((a) => a.accountSid !== configured.accountSid)] : accounts;
    },
  };
}

export type TwilioAccounts = ReturnType<typeof createTwilioAccounts>;
