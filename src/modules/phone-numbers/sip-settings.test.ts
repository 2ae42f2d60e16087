import { describe, expect, it } from 'vitest';
import { dialThroughTrunk, formatForCarrier, type TrunkDialSettings } from './sip-dialing.js';
import { credentialPasswordProblem, parseIpRanges, parseSipAddress } from './sip-settings.js';

const strict = { allowPrivate: false };
const lenient = { allowPrivate: true };
const address = (text: string, policy = strict) => parseSipAddress(text, 'sip address', policy);
const invalid = { error: 'The sip address must be a SIP address such as sip.carrier.example:5060 or sip:203.0.113.10.' };

describe('parseSipAddress', () => {
  it('takes host, host:port, sip: URIs and a transport, and writes them one way', () => {
    expect(address('sip.carrier.example')).toEqual({ ok: 'sip.carrier.example' });
    expect(address('  SIP.Carrier.Example:5060 ')).toEqual({ ok: 'sip.carrier.example:5060' });
    expect(address('sip:sip.carrier.example:5080;transport=TCP')).toEqual({ ok: 'sip.carrier.example:5080;transport=tcp' });
    expect(address('SIP:203.0.113.10')).toEqual({ ok: '203.0.113.10' });
    expect(address('sip:[2001:db8::10]:5060')).toEqual({ ok: '[2001:db8::10]:5060' });
    expect(address('[2606:4700:4700:0:0:0:0:1111]:5061;transport=tls')).toEqual({ ok: '[2606:4700:4700::1111]:5061;transport=tls' });
  });

  it('refuses what is not a SIP address, saying why where it can', () => {
    for (const text of [
      '',
      'carrier',
      'sip:',
      'http://sip.carrier.example',
      'sip.carrier.example:',
      'sip.carrier..example',
      '-a.example',
      'a-.example',
      'sip.carrier.example;lr',
      'sip.carrier.example:5060:1',
      '1.2.3',
      '203.0.113.300',
      '[203.0.113.10]',
      'a b.example',
      'x'.repeat(196) + '.example',
    ])
      expect([text, address(text)]).toEqual([text, invalid]);
    expect(address('sips:sip.carrier.example')).toEqual({
      error: 'The sip address must use sip:, not sips: (for TLS add ;transport=tls).',
    });
    expect(address('sip:trunk@sip.carrier.example')).toEqual({
      error: 'The sip address must not contain a user part: the number dialled is put there.',
    });
    expect(address('sip.carrier.example:0')).toEqual({ error: 'The sip address must have a port between 1 and 65535.' });
    expect(address('sip.carrier.example:65536')).toEqual({ error: 'The sip address must have a port between 1 and 65535.' });
    expect(address('sip.carrier.example:05060')).toEqual({ error: 'The sip address must have a port between 1 and 65535.' });
    expect(address('sip.carrier.example;transport=sctp')).toEqual({ error: 'The sip address transport must be udp, tcp or tls.' });
    expect(address('acme.sip.twilio.com')).toEqual({
      error: 'The sip address must not be a Twilio address (Twilio does not call its own SIP domains).',
    });
  });

  it('refuses private, loopback and local targets unless the operator allows them', () => {
    const refused: Array<[string, string]> = [
      ['127.0.0.1', 'a loopback address'],
      ['10.0.0.5:5060', 'a private address'],
      ['192.168.1.20', 'a private address'],
      ['169.254.169.254', 'the cloud metadata service'],
      ['100.64.0.1', 'a carrier-grade NAT address'],
      ['[::1]', 'a loopback address'],
      ['[fd00::1]', 'a unique-local address'],
      ['0.0.0.0', 'an unspecified address'],
      ['240.0.0.1', 'a reserved address'],
      ['pbx.local', 'a local host name'],
      ['localhost.localdomain', 'a local host name'],
      ['sbc.internal:5060', 'a local host name'],
    ];
    for (const [text, reason] of refused) {
      expect(address(text)).toEqual({ error: `The sip address must not be ${reason}.` });
      expect('ok' in address(text, lenient)).toBe(true);
    }
  });
});

describe('parseIpRanges', () => {
  it('takes IPv4 addresses and ranges written from their network address, once each', () => {
    expect(parseIpRanges(['203.0.113.10', '198.51.100.0/24', ' 203.0.113.10 ', '198.51.100.0/24', '192.0.2.7/32'], strict)).toEqual({
      ranges: [
        { address: '203.0.113.10', prefixLength: 32 },
        { address: '198.51.100.0', prefixLength: 24 },
        { address: '192.0.2.7', prefixLength: 32 },
      ],
      errors: {},
    });
  });

  it('names each bad entry by its position', () => {
    const { ranges, errors } = parseIpRanges(
      [
        '2001:db8::1',
        '198.51.100.7/24',
        '203.0.113.0/33',
        '203.0.113.0/7',
        'sip.carrier.example',
        '010.1.1.1',
        '203.0.113.1/24/1',
        '10.1.2.0/24',
        '8.8.8.8',
      ],
      strict,
    );
    expect(ranges).toEqual([{ address: '8.8.8.8', prefixLength: 32 }]);
    const form = 'must be an IPv4 address or CIDR range, such as 203.0.113.10 or 203.0.113.0/24.';
    expect(errors).toEqual({
      'allowed_inbound_ips.0': ["The allowed inbound ips.0 must be an IPv4 address: Twilio's SIP access control lists take IPv4 only."],
      'allowed_inbound_ips.1': ['The allowed inbound ips.1 must start at its network address (198.51.100.0/24).'],
      'allowed_inbound_ips.2': [`The allowed inbound ips.2 ${form}`],
      'allowed_inbound_ips.3': ['The allowed inbound ips.3 must be a range of /8 or narrower.'],
      'allowed_inbound_ips.4': [`The allowed inbound ips.4 ${form}`],
      'allowed_inbound_ips.5': [`The allowed inbound ips.5 ${form}`],
      'allowed_inbound_ips.6': [`The allowed inbound ips.6 ${form}`],
      'allowed_inbound_ips.7': ["The allowed inbound ips.7 must not be a private address: Twilio sees the carrier's public address."],
    });
    expect(parseIpRanges(['10.1.2.0/24'], lenient)).toEqual({ ranges: [{ address: '10.1.2.0', prefixLength: 24 }], errors: {} });
  });
});

describe("Twilio's rule for a SIP credential's password", () => {
  it('wants 12 characters with a digit and both cases', () => {
    expect(credentialPasswordProblem('IWasAtSignal2018')).toBeNull();
    for (const weak of ['Short1a', 'alllowercase123', 'ALLUPPERCASE123', 'NoDigitsAtAllHere'])
      expect(credentialPasswordProblem(weak)).not.toBeNull();
  });
});

describe('dialling through a trunk', () => {
  const trunk: TrunkDialSettings = {
    sipTrunkType: 'number',
    phoneNumber: '+14155550177',
    countryCode: 'US',
    sipAddress: 'sip.carrier.example:5060;transport=tcp',
    outboundProxy: null,
    callingFormat: '+e164',
    username: 'breadco',
    password: 'Secret-pass-123',
  };

  it('writes numbers in the calling format, national ones only for the trunk country', () => {
    expect(formatForCarrier('+14155550123', '+e164', 'US')).toBe('+14155550123');
    expect(formatForCarrier('+14155550123', 'e164', 'US')).toBe('14155550123');
    expect(formatForCarrier('+14155550123', 'national', 'US')).toBe('4155550123');
    expect(formatForCarrier('+16135550123', 'national', 'CA')).toBe('6135550123');
    expect(formatForCarrier('+442079460958', 'national', 'GB')).toBe('02079460958');
    expect(formatForCarrier('+40721234567', 'national', 'RO')).toBe('0721234567');
    expect(formatForCarrier('+442079460958', 'national', 'US')).toBeNull();
  });

  it('dials sip:{number}@{address} with the From in the same format and the digest credentials', () => {
    expect(dialThroughTrunk(trunk, '+14155550123')).toEqual({
      ok: {
        to: 'sip:+14155550123@sip.carrier.example:5060;transport=tcp',
        from: '+14155550177',
        auth: { username: 'breadco', password: 'Secret-pass-123' },
      },
    });
    expect(dialThroughTrunk({ ...trunk, callingFormat: 'national', outboundProxy: 'sbc.carrier.example' }, '+14155550123')).toEqual({
      ok: { to: 'sip:4155550123@sbc.carrier.example', from: '4155550177', auth: { username: 'breadco', password: 'Secret-pass-123' } },
    });
    expect(
      dialThroughTrunk({ ...trunk, sipTrunkType: 'extension', phoneNumber: '201', username: null, password: null }, '+14155550123'),
    ).toEqual({
      ok: { to: 'sip:+14155550123@sip.carrier.example:5060;transport=tcp', from: '201', auth: null },
    });
    expect(dialThroughTrunk({ ...trunk, callingFormat: 'national' }, '+442079460958')).toEqual({
      refused: 'This SIP trunk dials numbers in the national format of US only; +442079460958 is not one of them.',
    });
  });
});
