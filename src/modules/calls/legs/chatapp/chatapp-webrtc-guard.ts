import type { RTCPeerConnection } from 'werift';

type Address = [string, number];

/** The parts of werift's ICE agent the guard reaches (not all in its public types). */
interface IceAgentInternals {
  localUsername: string;
  localPassword: string;
  protocols?: Array<{ type?: string; transport?: { onData: (data: Buffer, addr: Address) => void } }>;
  checkList?: Array<{ remoteAddr: Address }>;
}

type Werift = typeof import('werift');

/** RFC 7983 demultiplexing: a first byte of 0-3 is STUN (DTLS is 20-63, RTP and RTCP 128-191). */
const isStun = (data: Buffer) => data.length > 0 && data[0]! <= 3;
/** A STUN request: both class bits of the message type clear (RFC 8489 §5). */
const isStunRequest = (data: Buffer) => data.length >= 20 && (data.readUInt16BE(0) & 0x0110) === 0;

/**
 * werift takes what reaches the peer's UDP port (which is in the SDP, so anyone may learn it)
 * on trust, and the junk test found two ways to cut a call's audio with it:
 * - it answers and acts on ICE checks without checking their MESSAGE-INTEGRITY, so a stranger's
 *   unsigned Binding Request becomes a candidate pair, and can be chosen to carry the media;
 * - it passes every other datagram to DTLS and SRTP whatever address sent it, and acts on some
 *   DTLS records without authentication (a burst of large junk restarts or ends the session).
 * This guard, installed once candidates are gathered, drops a check not signed with the leg's
 * ICE password for its username (RFC 8445 §7.3), and takes media only from a candidate pair's
 * remote address (RFC 8445 §11, RFC 7675). STUN responses pass: werift checks those itself.
 */
export function acceptOnlyAuthenticatedPeers(werift: Werift, pc: RTCPeerConnection): void {
  for (const transport of pc.iceTransports) {
    const agent = transport.connection as unknown as IceAgentInternals;
    for (const protocol of agent.protocols ?? []) {
      const socket = protocol.transport;
      if (protocol.type !== 'stun' || !socket) continue;
      const deliver = socket.onData;
      socket.onData = (data, addr) => {
        const accepted = isStun(data) ? !isStunRequest(data) || signedForUs(werift, agent, data) : fromCandidate(agent, addr);
        if (accepted) deliver(data, addr);
      };
    }
  }
}

function signedForUs(werift: Werift, agent: IceAgentInternals, data: Buffer): boolean {
  const message = werift.parseMessage(data, Buffer.from(agent.localPassword, 'utf8'));
  const username = message?.getAttributeValue('USERNAME');
  return typeof username === 'string' && username.startsWith(`${agent.localUsername}:`);
}

function fromCandidate(agent: IceAgentInternals, [host, port]: Address): boolean {
  return (agent.checkList ?? []).some(({ remoteAddr }) => remoteAddr[1] === port && remoteAddr[0] === host);
}
