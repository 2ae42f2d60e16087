import type { DbOrTx } from '../../core/db/transaction.js';

/** The phone numbers calls are placed from (the phone-numbers module's table, read for calls). */
export function createPhoneLinesRepo(db: DbOrTx) {
  return {
    /**
     * The owner's number with this id, its SIP trunk if it is one, and whether another account
     * has registered the same number (its claim): calling from it would show their number to the
     * people called.
     */
    dialingLine(userId: number, phoneNumberId: number) {
      return (
        db
          .selectFrom('phone_numbers as p')
          .leftJoin('sip_trunks as s', 's.phone_number_id', 'p.id')
          .select(['p.id', 'p.phone_number', 'p.country_code'])
          // A SIP trunk's number dials through the trunk (null columns: any other number).
          .select([
            's.sip_trunk_type',
            's.sip_address',
            's.outbound_proxy',
            's.sip_calling_format',
            's.sip_username',
            's.sip_password_sealed',
          ])
          .select((eb) =>
            eb
              .exists(
                eb
                  .selectFrom('phone_numbers as q')
                  .select('q.id')
                  .whereRef('q.phone_number', '=', 'p.phone_number')
                  .whereRef('q.user_id', '<>', 'p.user_id')
                  .where('q.claim', 'is not', null),
              )
              .as('held_elsewhere'),
          )
          .where('p.id', '=', phoneNumberId)
          .where('p.user_id', '=', userId)
          .executeTakeFirst()
      );
    },

    /** The owner's phone number with this id; another account's is unknown. */
    async ownNumber(userId: number, phoneNumberId: number): Promise<string | null> {
      const row = await db
        .selectFrom('phone_numbers')
        .select('phone_number')
        .where('id', '=', phoneNumberId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.phone_number ?? null;
    },
  };
}
