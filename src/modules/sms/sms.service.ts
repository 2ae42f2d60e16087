import type { Db } from '../../core/db/database.js';
import { normalizePhone } from '../phone-numbers/index.js';
import { smsErrors } from './sms-errors.js';
import { presentSms } from './sms.present.js';
import { createSmsRepo } from './sms.repo.js';
import type { ListSmsQuery, SendSmsBody } from './sms.schemas.js';
import type { SmsSending } from './sms-send.js';

const DAY_MS = 86_400_000;
const day = (text: string) => new Date(`${text}T00:00:00.000Z`);

/** The account's SMS: send one, list them, read one. Another account's message is "not found". */
export function createSmsService({ db, sending }: { db: Db; sending: SmsSending }) {
  async function read(userId: number, id: number) {
    const row = await createSmsRepo(db).find(userId, id);
    if (!row) throw smsErrors.notFound();
    return presentSms(row);
  }

  return {
    async send(userId: number, body: SendSmsBody) {
      const row = await sending.send(userId, body, { origin: 'api' });
      return read(userId, row.id);
    },

    read,

    async list(userId: number, query: ListSmsQuery) {
      const contact = query.contact === undefined ? undefined : (normalizePhone(query.contact)?.e164 ?? query.contact.trim());
      const { items, total } = await createSmsRepo(db).list(
        {
          userId,
          direction: query.direction,
          status: query.status,
          phoneNumberId: query.phone_number_id,
          contact,
          since: query.date_from ? day(query.date_from) : undefined,
          until: query.date_to ? new Date(day(query.date_to).getTime() + DAY_MS) : undefined,
        },
        query.page,
        query.per_page,
      );
      return { items: items.map(presentSms), total };
    },
  };
}

export type SmsService = ReturnType<typeof createSmsService>;
