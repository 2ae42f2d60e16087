import { PCMU_PAYLOAD_TYPE, type RtpCodecName } from './chatapp-webrtc-codec.js';

/** Real offers and answers are 1-3 KB; anything far larger is not one. */
export const MAX_SDP_CHARS = 20_000;

const CANDIDATE = /^a=candidate:\S+ \d+ (udp|tcp) \d+ (\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+) (\d{1,5}) typ \w+/im;
const FINGERPRINT = /^a=fingerprint:sha-(1|224|256|384|512) [0-9A-F]{2}(:[0-9A-F]{2}){19,63}\s*$/im;

/** The audio codecs an SDP's audio line lists that we speak, in its order of preference. */
export function audioCodecsIn(sdp: string): Array<{ name: RtpCodecName; payloadType: number }> {
  const lines = sdp.split(/\r?\n/);
  const audio = lines.find((line) => line.startsWith('m=audio '));
  if (!audio) return [];
  const names = new Map<number, string>();
  for (const line of lines) {
    const rtpmap = /^a=rtpmap:(\d+) ([\w-]+)\/(\d+)/.exec(line);
    if (rtpmap) names.set(Number(rtpmap[1]), `${rtpmap[2]!.toLowerCase()}/${rtpmap[3]}`);
  }
  const found: Array<{ name: RtpCodecName; payloadType: number }> = [];
  for (const type of audio.trim().split(/\s+/).slice(3).map(Number)) {
    const name = names.get(type) ?? (type === PCMU_PAYLOAD_TYPE ? 'pcmu/8000' : undefined);
    if (name === 'opus/48000') found.push({ name: 'opus', payloadType: type });
    else if (name === 'pcmu/8000') found.push({ name: 'pcmu', payloadType: type });
  }
  return found;
}

/**
 * Why the platform's SDP (an offer or an answer) cannot carry a call, or null when it can: what
 * ICE, DTLS-SRTP and our codecs need must be there and well formed. Checked before the WebRTC
 * stack sees it, so a malformed SDP is refused at once with its reason instead of failing the
 * call a media timeout later.
 */
export function sdpProblem(sdp: string): string | null {
  if (sdp.trim() === '') return 'no SDP';
  if (sdp.length > MAX_SDP_CHARS) return `the SDP is longer than ${MAX_SDP_CHARS} characters`;
  if (!/^v=0\r?\n/.test(sdp)) return 'the SDP does not start with v=0';
  if (audioCodecsIn(sdp).length === 0) return 'no audio we can speak (Opus or PCMU)';
  if (!/^a=ice-ufrag:[\w+/]{4,256}\s*$/m.test(sdp) || !/^a=ice-pwd:[\w+/]{22,256}\s*$/m.test(sdp)) return 'no ICE credentials';
  if (!FINGERPRINT.test(sdp)) return 'no DTLS fingerprint';
  if (!/^a=setup:(actpass|active|passive)\s*$/m.test(sdp)) return 'no DTLS role (a=setup)';
  if (!/^a=mid:\S+/m.test(sdp)) return 'no media id (a=mid)';
  const candidate = CANDIDATE.exec(sdp);
  if (!candidate || Number(candidate[4]) < 1 || Number(candidate[4]) > 65_535) return 'no usable ICE candidate';
  return null;
}
