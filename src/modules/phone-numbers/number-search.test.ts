import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers/test-app.js';
import { buyer, forSale, startNumbersApp } from '../../../test/helpers/numbers.js';
import type { VoiceTestApp } from '../../../test/helpers/voice.js';

let v: VoiceTestApp;
let client: Awaited<ReturnType<typeof buyer>>['client'];
beforeAll(async () => {
  v = await startNumbersApp();
  client = (await buyer(v.t)).client;
});
afterAll(async () => {
  await v.close();
});

const search = (query: string) => client.get(`/api/user/phone-numbers/search${query}`);
const lastSearch = () => {
  const request = v.twilio.searches().at(-1)!;
  const url = new URL(request.path, 'http://twilio.test');
  return { path: url.pathname.replace(/AC[0-9a-f]{32}/, '{AccountSid}'), query: Object.fromEntries(url.searchParams) };
};

describe('GET /api/user/phone-numbers/search', () => {
  it("asks Twilio's AvailablePhoneNumbers with every filter, and answers with our price and Twilio's address requirements", async () => {
    const res = await search('?country_code=US&area_code=415&contains=5550&sms_capable=true&limit=5');
    expect(res.statusCode).toBe(200);
    expect(lastSearch()).toEqual({
      path: '/2010-04-01/Accounts/{AccountSid}/AvailablePhoneNumbers/US/Local.json',
      query: { PageSize: '5', VoiceEnabled: 'true', AreaCode: '415', Contains: '5550', SmsEnabled: 'true' },
    });
    // +14155550104 cannot receive SMS: Twilio leaves it out.
    expect(res.json()).toEqual({
      data: ['+14155550101', '+14155550102', '+14155550103'].map((phone) => ({
        phone_number: phone,
        phone_number_formatted: `+1 415-555-${phone.slice(-4)}`,
        country_code: 'US',
        locality: 'San Francisco',
        region: 'CA',
        price: 3.99,
        stripe_price_id: null,
        address_requirements: 'none',
        sms_capable: true,
      })),
    });
  });

  it('searches by locality, mobile and toll-free numbers, and defaults to local US numbers, 20 at most', async () => {
    forSale(v, { phoneNumber: '+16285550777', kind: 'Mobile', locality: 'Oakland' });
    expect((await search('?locality=New%20York')).json().data.map((n: { phone_number: string }) => n.phone_number)).toEqual([
      '+12125550101',
    ]);
    expect(lastSearch().query).toEqual({ PageSize: '20', VoiceEnabled: 'true', InLocality: 'New York' });
    const mobile = await search('?type=mobile&locality=oakland');
    expect(lastSearch().path).toMatch(/\/AvailablePhoneNumbers\/US\/Mobile\.json$/);
    expect(mobile.json().data).toEqual([expect.objectContaining({ phone_number: '+16285550777', sms_capable: true })]);
    const tollFree = await search('?type=toll_free');
    expect(lastSearch().path).toMatch(/\/AvailablePhoneNumbers\/US\/TollFree\.json$/);
    expect(tollFree.json().data).toEqual([
      expect.objectContaining({ phone_number: '+18885550101', phone_number_formatted: '+1 888-555-0101', locality: null }),
    ]);
  });

  it('prices a country by its own price, and shows the address Twilio wants first (a search in lower case)', async () => {
    const res = await search('?country_code=gb');
    expect(lastSearch().path).toMatch(/\/AvailablePhoneNumbers\/GB\/Local\.json$/);
    expect(res.json().data).toEqual([
      {
        phone_number: '+442071838750',
        phone_number_formatted: '+44 20 7183 8750',
        country_code: 'GB',
        locality: 'London',
        region: null,
        price: 4.99,
        stripe_price_id: null,
        address_requirements: 'any',
        sms_capable: false,
      },
    ]);
  });

  it('refuses bad filters before asking Twilio', async () => {
    const before = v.twilio.searches().length;
    const cases: Array<[string, string, string]> = [
      ['?contains=55a', 'contains', 'The contains field must be 2 to 10 digits.'],
      ['?contains=12345678901', 'contains', 'The contains field must be 2 to 10 digits.'],
      ['?country_code=USA', 'country_code', 'The country code field must be a two-letter country code.'],
      ['?area_code=41', 'area_code', 'The area code field must be 3 digits.'],
      ['?type=landline', 'type', 'The selected type is invalid.'],
      ['?limit=51', 'limit', 'The limit must be between 1 and 50.'],
    ];
    for (const [query, field, message] of cases) {
      const res = await search(query);
      expect([res.statusCode, res.json().errors], query).toEqual([422, { [field]: [message] }]);
    }
    expect(v.twilio.searches()).toHaveLength(before);
  });

  it("answers Twilio's refusal as 422 in its words, and Twilio out of reach as 502", async () => {
    const refused = await search('?country_code=ZW');
    expect(refused.statusCode).toBe(422);
    const path = lastSearch().path.replace('{AccountSid}', v.accountSid);
    expect(refused.json()).toEqual({
      message: `Twilio refused to search numbers: The requested resource ${path} was not found`,
      error: `Twilio refused to search numbers: The requested resource ${path} was not found`,
      carrier_error: {
        code: 20404,
        message: `The requested resource ${path} was not found`,
        more_info: 'https://www.twilio.com/docs/errors/20404',
      },
    });
    v.twilio.dropNext();
    const unreachable = await search('');
    expect([unreachable.statusCode, unreachable.json()]).toEqual([
      502,
      {
        message: 'Twilio could not be reached to search numbers; please try again.',
        error: 'Twilio could not be reached to search numbers; please try again.',
      },
    ]);
  });

  it('is 503 on a server without a Twilio account and a public URL, and 401 without a key', async () => {
    const bare = await buildTestApp();
    try {
      const res = await (await buyer(bare)).client.get('/api/user/phone-numbers/search');
      const message = 'Buying phone numbers is not set up on this server: it needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and PUBLIC_URL.';
      expect([res.statusCode, res.json()]).toEqual([503, { message, error: message }]);
      expect((await bare.app.inject({ method: 'GET', url: '/api/user/phone-numbers/search' })).statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});
