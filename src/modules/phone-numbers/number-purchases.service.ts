import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { inTransaction } from '../../core/db/transaction.js';
import type { AppError } from '../../core/http/errors.js';
import { enqueueJob } from '../../core/jobs/index.js';
import { microsToUsd } from '../../core/money.js';
import { changeBalance, InsufficientBalanceError } from '../accounts/index.js';
import { CarrierRefusedError, CarrierUnavailableError, type NumberProvisioning, type ProvisionedNumber } from './carrier.port.js';
import { monthlyPriceMicros, type NumberPrices } from './number-pricing.js';
import { createNumberPurchasesRepo } from './number-purchases.repo.js';
import type { PurchaseNumberBody, SearchNumbersQuery } from './number-purchases.schemas.js';
import { scheduleRenewal } from './number-renewal.js';
import { formatPhoneNumber } from './phone-format.js';
import { parsePhone, phoneNumberError, UNKNOWN_COUNTRY } from './phone-number-errors.js';
import { billingPeriodEnd, SETTLE_PURCHASE_JOB } from './phone-number-release.js';
import { createPhoneNumbersRepo } from './phone-numbers.repo.js';

/** A purchase whose answer never came is looked up at the carrier after this. */
const SETTLE_AFTER_MS = 10 * 60_000;

const NOT_SET_UP = 'Buying phone numbers is not set up on this server: it needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and PUBLIC_URL.';
const IN_USE = 'This phone number is already in use.';
const NOT_AVAILABLE = 'This phone number is not available for purchase. Please search for available numbers first.';
const PROVIDER_FAILED = 'Failed to purchase phone number from provider. Please contact support.';
const INSUFFICIENT = 'Insufficient balance. Please top up your account.';

export interface NumberPurchasesDeps {
  db: Db;
  clock: Clock;
  /** The service's own carrier account; null when it has none (search and purchase answer 503). */
  provisioning: NumberProvisioning | null;
  prices: NumberPrices;
}

/**
 * Searching and buying numbers on the service's own carrier account. A purchase takes the first
 * month from the balance in the transaction that records the number (claimed, `pending`), then
 * asks the carrier: a sale makes it `active` with its first renewal due a month later; a refusal
 * deletes it and gives the money back (a ledger row of its own). When the carrier's answer never
 * comes, the number is looked up there, at once and again by a job, and settled either way. Money
 * is exact across processes: the debit is the balance's conditional update, and the claim index
 * lets one buyer reserve a number at a time.
 */
export function createNumberPurchasesService({ db, clock, provisioning, prices }: NumberPurchasesDeps) {
  function carrier(): NumberProvisioning {
    if (!provisioning) throw phoneNumberError(503, NOT_SET_UP);
    return provisioning;
  }

  async function reserve(userId: number, e164: string, countryCode: string, body: PurchaseNumberBody) {
    const now = clock.now();
    const priceMicros = monthlyPriceMicros(prices, countryCode);
    try {
      return await inTransaction(db, async (tx) => {
        const { id } = await createNumberPurchasesRepo(tx).insertPending({
          user_id: userId,
          phone_number: e164,
          country_code: countryCode,
          nickname: body.nickname || null,
          webhook_url: body.webhook_url ?? null,
          monthly_price_micros: priceMicros,
          paid_until: billingPeriodEnd(now, now),
          now,
        });
        if (priceMicros > 0)
          await changeBalance(tx, { userId, amountMicros: -priceMicros, reason: `Phone number ${e164}: first month`, kind: 'usage', now });
        await enqueueJob(tx, {
          kind: SETTLE_PURCHASE_JOB,
          payload: { id },
          runAt: new Date(now.getTime() + SETTLE_AFTER_MS),
          maxAttempts: 25,
        });
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'phone_numbers_claimed_number_key') || isUniqueViolation(error, 'phone_numbers_user_number_key'))
        throw phoneNumberError(400, IN_USE);
      if (error instanceof InsufficientBalanceError) throw phoneNumberError(402, INSUFFICIENT, { error_code: 'INSUFFICIENT_BALANCE' });
      throw error;
    }
  }

  /** The carrier sold it: the buyer's number, renewed a month from now. Undefined when already settled. */
  function activate(id: number, sold: ProvisionedNumber) {
    return inTransaction(db, async (tx) => {
      const row = await createNumberPurchasesRepo(tx).activate(id, sold, clock.now());
      if (row?.paid_until) await scheduleRenewal(tx, id, row.paid_until);
      return row;
    });
  }

  /** The carrier did not sell it: the row goes and the first month comes back. */
  function refund(id: number, why: string): Promise<boolean> {
    return inTransaction(db, async (tx) => {
      const gone = await createNumberPurchasesRepo(tx).deletePending(id);
      if (!gone) return false;
      const amountMicros = gone.monthly_price_micros ?? 0;
      if (amountMicros > 0)
        await changeBalance(tx, {
          userId: gone.user_id,
          amountMicros,
          reason: `Refund: phone number ${gone.phone_number} ${why}`,
          kind: 'usage',
          now: clock.now(),
        });
      return true;
    });
  }

  /** A pending purchase decided by what the carrier's account holds: active, refunded, or (carrier out of reach) a throw. */
  async function settle(id: number) {
    const pending = await createNumberPurchasesRepo(db).findPending(id);
    if (!pending) return undefined;
    const owned = await carrier().findOwned(pending.phone_number);
    if (owned) return activate(id, owned);
    await refund(id, 'not bought: Twilio did not sell it');
    return undefined;
  }

  return {
    async search(query: SearchNumbersQuery) {
      const found = await ask(
        () =>
          carrier().searchAvailable({
            countryCode: query.country_code.toUpperCase(),
            kind: query.type,
            areaCode: query.area_code,
            locality: query.locality,
            contains: query.contains,
            smsCapable: query.sms_capable,
            limit: query.limit,
          }),
        'search numbers',
      );
      return found.slice(0, query.limit).map((number) => ({
        phone_number: number.e164,
        phone_number_formatted: formatPhoneNumber(number.e164),
        country_code: number.countryCode,
        locality: number.locality,
        region: number.region,
        price: microsToUsd(monthlyPriceMicros(prices, number.countryCode)),
        stripe_price_id: null,
        address_requirements: number.addressRequirements,
        sms_capable: number.smsCapable,
      }));
    },

    async purchase(userId: number, body: PurchaseNumberBody) {
      const numbers = carrier();
      const { e164, countryCode } = parsePhone(body.phone_number);
      const id = await reserve(userId, e164, countryCode ?? UNKNOWN_COUNTRY, body);
      let sold: ProvisionedNumber;
      try {
        sold = await numbers.purchase(e164);
      } catch (error) {
        if (error instanceof CarrierRefusedError) {
          await refund(id, `not bought: Twilio refused it (${error.carrierCode ?? 'no code'})`);
          throw refusal(error);
        }
        if (!(error instanceof CarrierUnavailableError)) throw error;
        // The carrier may have sold it before the answer was lost: its account says.
        const settled = await settle(id).catch(() => undefined);
        if (settled) return settled;
        throw phoneNumberError(502, PROVIDER_FAILED);
      }
      // Undefined only when a settlement got there first; the row then says how it ended.
      const row = (await activate(id, sold)) ?? (await createPhoneNumbersRepo(db).find(userId, id));
      if (row?.purchase_state !== 'active') throw phoneNumberError(502, PROVIDER_FAILED);
      return row;
    },

    settlePurchase: settle,
  };
}

export type NumberPurchasesService = ReturnType<typeof createNumberPurchasesService>;

/** The carrier's answer, or 502 when it could not give one. */
async function ask<T>(question: () => Promise<T>, what: string): Promise<T> {
  try {
    return await question();
  } catch (error) {
    if (error instanceof CarrierUnavailableError) throw phoneNumberError(502, `Twilio could not be reached to ${what}; please try again.`);
    if (error instanceof CarrierRefusedError)
      throw phoneNumberError(422, `Twilio refused to ${what}: ${error.reason}`, { carrier_error: carrierError(error) });
    throw error;
  }
}

const carrierError = (error: CarrierRefusedError) => ({ code: error.carrierCode, message: error.reason, more_info: error.moreInfo });

/** The carrier's refusal in the reference's shape, with the carrier's own words. */
function refusal(error: CarrierRefusedError): AppError {
  const said = `${error.reason}${error.carrierCode ? ` (Twilio error ${error.carrierCode})` : ''}`;
  const message = {
    unavailable: NOT_AVAILABLE,
    address_required: `This phone number needs an address registered with Twilio before it can be bought: ${said}.`,
    bundle_required: `This phone number needs an approved regulatory bundle before it can be bought: ${said}.`,
    refused: `Twilio refused to sell this phone number: ${said}.`,
  }[error.kind];
  return phoneNumberError(400, message, { carrier_error: carrierError(error) });
}
