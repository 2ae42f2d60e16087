import { describe, expect, it } from 'vitest';
import { CARRIER_MAX_BODY, countSegments, fitToCarrier, keywordOf } from './sms-text.js';

describe('countSegments', () => {
  it('counts GSM-7 as 160 septets in one SMS and 153 per part', () => {
    expect(countSegments('Hello!')).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(countSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(countSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', segments: 2 });
    expect(countSegments('a'.repeat(306))).toEqual({ encoding: 'GSM-7', segments: 2 });
    expect(countSegments('a'.repeat(307))).toEqual({ encoding: 'GSM-7', segments: 3 });
  });

  it("counts the extension table's characters twice and never cuts one between parts", () => {
    // 159 letters and a euro sign: 161 septets.
    expect(countSegments(`${'a'.repeat(159)}€`)).toEqual({ encoding: 'GSM-7', segments: 2 });
    expect(countSegments(`${'a'.repeat(158)}€`)).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(countSegments('{}[]~^|\\'.repeat(10))).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(countSegments('{}[]~^|\\'.repeat(10) + 'a')).toEqual({ encoding: 'GSM-7', segments: 2 });
    // 152 septets, then an escape pair that would straddle the 153-septet boundary: it moves whole.
    expect(countSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toEqual({ encoding: 'GSM-7', segments: 3 });
    // GSM-7's own accented letters stay GSM-7 and count once.
    expect(countSegments('é'.repeat(160))).toEqual({ encoding: 'GSM-7', segments: 1 });
  });

  it('counts UCS-2 as 70 code units in one SMS and 67 per part, an emoji taking two', () => {
    expect(countSegments('ă'.repeat(70))).toEqual({ encoding: 'UCS-2', segments: 1 });
    expect(countSegments('ă'.repeat(71))).toEqual({ encoding: 'UCS-2', segments: 2 });
    expect(countSegments('ă'.repeat(134))).toEqual({ encoding: 'UCS-2', segments: 2 });
    expect(countSegments('ă'.repeat(135))).toEqual({ encoding: 'UCS-2', segments: 3 });
    expect(countSegments(`${'a'.repeat(68)}😀`)).toEqual({ encoding: 'UCS-2', segments: 1 });
    expect(countSegments(`${'a'.repeat(69)}😀`)).toEqual({ encoding: 'UCS-2', segments: 2 });
    // One non-GSM character makes the whole message UCS-2.
    expect(countSegments(`${'a'.repeat(100)}ș`)).toEqual({ encoding: 'UCS-2', segments: 2 });
  });

  it('counts an empty text as one SMS', () => {
    expect(countSegments('')).toEqual({ encoding: 'GSM-7', segments: 1 });
  });
});

describe('fitToCarrier', () => {
  it('keeps a text the carrier takes and cuts a longer one between characters', () => {
    expect(fitToCarrier('  Hello  ')).toBe('Hello');
    expect(fitToCarrier('a'.repeat(CARRIER_MAX_BODY))).toBe('a'.repeat(CARRIER_MAX_BODY));
    const cut = fitToCarrier('😀'.repeat(1000));
    expect(cut.length).toBeLessThanOrEqual(CARRIER_MAX_BODY);
    expect(cut).toBe(`${'😀'.repeat(799)}…`);
  });
});

describe('keywordOf', () => {
  it("knows Twilio's opt-out, opt-in and help keywords as whole messages, in any case", () => {
    for (const word of ['STOP', 'stop', ' Stop. ', 'STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit', 'REVOKE', 'optout', 'stop!'])
      expect(keywordOf(word), word).toBe('stop');
    for (const word of ['START', 'yes', 'Unstop']) expect(keywordOf(word), word).toBe('start');
    for (const word of ['HELP', 'info', 'Help?']) expect(keywordOf(word), word).toBe('help');
  });

  it('leaves sentences that contain a keyword alone', () => {
    for (const text of ['please stop', 'stop calling me', 'yes please', 'I need help', 'STOP STOP', 'st op', ''])
      expect(keywordOf(text), text).toBeNull();
  });
});
