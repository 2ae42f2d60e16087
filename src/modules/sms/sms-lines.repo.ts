import type { DbOrTx } from '../../core/db/transaction.js';

/**
 * The account's numbers as SMS sees them. A number sends and receives only while its account
 * holds its claim (bought here, assigned by the operator, or proven on the account's own Twilio
 * account): a typed-in number is no proof that the account may send from it.
 */
export function createSmsLinesRepo(db: DbOrTx) {
  return {
    /** One of the account's numbers to send from (not a purchase Twilio has not confirmed). */
    sendingNumber(userId: number, id: number) {
      return db
        .selectFrom('phone_numbers')
        .select(['id', 'phone_number', 'sms_capable', 'claim'])
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where((eb) => eb.or([eb('purchase_state', 'is', null), eb('purchase_state', '<>', 'pending')]))
        .executeTakeFirst();
    },

    /**
     * The number an SMS signed by `accountSid` reached, with the assistant answering it (its
     * active inbound one first, else an active outbound one calling from it): the number's claim
     * on that Twilio account, as for calls (a tenant's own account while they still hold it, or
     * the service's own account for numbers bought or assigned here).
     */
    receivingLine(e164: string, accountSid: string, isOperatorAccount: boolean) {
      return db
        .selectFrom('phone_numbers as p')
        .select(['p.id', 'p.user_id', 'p.phone_number'])
        .select((eb) =>
          eb
            .selectFrom('assistants as a')
            .select('a.id')
            .whereRef('a.phone_number_id', '=', 'p.id')
            .where('a.status', '=', 'active')
            .orderBy((o) => o.case().when('a.type', '=', 'inbound').then(0).else(1).end())
            .orderBy('a.id')
            .limit(1)
            .as('assistant_id'),
        )
        .where('p.phone_number', '=', e164)
        .where('p.claim', 'is not', null)
        .where((eb) => {
          const ownAccount = eb.exists(
            eb
              .selectFrom('twilio_accounts as t')
              .select('t.account_sid')
              .where('t.account_sid', '=', accountSid)
              .whereRef('t.user_id', '=', 'p.user_id'),
          );
          const own = eb.and([eb('p.provider', '=', 'twilio'), eb('p.twilio_account_sid', '=', accountSid), ownAccount]);
          return isOperatorAccount ? eb.or([own, eb('p.provider', 'is', null)]) : own;
        })
        .executeTakeFirst();
    },
  };
}
