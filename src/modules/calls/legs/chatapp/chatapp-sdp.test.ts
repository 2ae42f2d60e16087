import { describe, expect, it } from 'vitest';
import { audioCodecsIn, MAX_SDP_CHARS, sdpProblem } from './chatapp-sdp.js';

/** The platform's "User-initiated sample SDP" offer, verbatim (Calling API reference). */
const SAMPLE_OFFER = [
  'v=0',
  'o=- 7602563789789945080 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE audio',
  'a=msid-semantic: WMS 6932bc1c-db1a-4abe-b437-0c4168be8a13',
  'a=ice-lite',
  'm=audio 40012 UDP/TLS/RTP/SAVPF 111 126',
  'c=IN IP4 31.13.65.60',
  'a=rtcp:9 IN IP4 0.0.0.0',
  'a=candidate:1972637320 1 udp 2113937151 31.13.65.60 40012 typ host generation 0 network-cost 50 ufrag 6k2qP1R6kBfI/2',
  'a=candidate:1652262791 1 udp 2113939711 2a03:2880:f211:cf:face:b00c:0:6443 40012 typ host generation 0 network-cost 50 ufrag 6k2qP1R6kBfI/2',
  'a=ice-ufrag:6k2qP1R6kBfI/2',
  'a=ice-pwd:UApvJw3NcwFRDvIMKdM0vWCdlXah25E9',
  'a=fingerprint:sha-256 1B:B6:6B:40:A5:0B:8C:75:0D:8C:CB:90:2F:99:74:1E:26:45:AE:AF:45:C1:51:60:8F:73:C9:2D:10:6D:8A:88',
  'a=setup:actpass',
  'a=mid:audio',
  'a=extmap:1 urn:ietf:params:rtp-hdrext:ssrc-audio-level',
  'a=extmap:2 http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time',
  'a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01',
  'a=sendrecv',
  'a=rtcp-mux',
  'a=rtpmap:111 opus/48000/2',
  'a=rtcp-fb:111 transport-cc',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:126 telephone-event/8000',
  'a=ssrc:4208138518 cname:gAXq2V9TKltrnapv',
  'a=ssrc:4208138518 msid:6932bc1c-db1a-4abe-b437-0c4168be8a13 audio#R5wfXFcdmT6',
  'a=ssrc:4208138518 mslabel:6932bc1c-db1a-4abe-b437-0c4168be8a13',
  'a=ssrc:4208138518 label:audio#R5wfXFcdmT6',
  '',
].join('\r\n');

const without = (pattern: RegExp) => SAMPLE_OFFER.replace(pattern, '');
const replacing = (pattern: RegExp, line: string) => SAMPLE_OFFER.replace(pattern, line);

describe("the platform's SDP", () => {
  it("takes the platform's own sample offer: Opus 111, then telephone-event (not audio we speak)", () => {
    expect(sdpProblem(SAMPLE_OFFER)).toBeNull();
    expect(audioCodecsIn(SAMPLE_OFFER)).toEqual([{ name: 'opus', payloadType: 111 }]);
    expect(sdpProblem(SAMPLE_OFFER.replace(/\r\n/g, '\n'))).toBeNull();
  });

  it.each([
    ['cut short (the captured connect)', 'v=0\r\no=- 1760681506762 2 IN IP4 127.0.0.1\r\n', 'no audio we can speak (Opus or PCMU)'],
    ['not SDP', 'hello', 'the SDP does not start with v=0'],
    ['empty', '', 'no SDP'],
    ['too long', SAMPLE_OFFER + `a=x-junk:${'x'.repeat(MAX_SDP_CHARS)}\r\n`, `the SDP is longer than ${MAX_SDP_CHARS} characters`],
    ['G.722 only', replacing(/^a=rtpmap:111 .*$/m, 'a=rtpmap:111 G722/8000'), 'no audio we can speak (Opus or PCMU)'],
    ['video only', SAMPLE_OFFER.replace('m=audio', 'm=video'), 'no audio we can speak (Opus or PCMU)'],
    ['no ice-pwd', without(/^a=ice-pwd:.*\r\n/m), 'no ICE credentials'],
    ['a short ice-ufrag', replacing(/^a=ice-ufrag:.*$/m, 'a=ice-ufrag:ab'), 'no ICE credentials'],
    ['no fingerprint', without(/^a=fingerprint:.*\r\n/m), 'no DTLS fingerprint'],
    ['a fingerprint that is not hex', replacing(/^a=fingerprint:.*$/m, 'a=fingerprint:sha-256 ZZ:ZZ'), 'no DTLS fingerprint'],
    ['an unknown DTLS role', replacing(/^a=setup:.*$/m, 'a=setup:sideways'), 'no DTLS role (a=setup)'],
    ['no mid', without(/^a=mid:.*\r\n/m), 'no media id (a=mid)'],
    ['no candidate', without(/^a=candidate:.*\r\n/gm), 'no usable ICE candidate'],
    [
      'a candidate with a port out of range',
      SAMPLE_OFFER.replace(/^a=candidate:.*\r\n/gm, '').replace(
        'a=ice-ufrag',
        'a=candidate:1 1 udp 1 31.13.65.60 99999 typ host\r\na=ice-ufrag',
      ),
      'no usable ICE candidate',
    ],
  ])('refuses one %s', (_what, sdp, problem) => {
    expect(sdpProblem(sdp)).toBe(problem);
  });
});
