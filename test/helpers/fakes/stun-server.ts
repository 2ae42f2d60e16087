import { createSocket, type RemoteInfo } from 'node:dgram';

const MAGIC_COOKIE = 0x2112a442;
const BINDING_REQUEST = 0x0001;
const BINDING_SUCCESS = 0x0101;
const XOR_MAPPED_ADDRESS = 0x0020;

/**
 * A STUN server on loopback UDP (RFC 5389, Binding only) that tells every client it is seen at
 * `mapped`, the way a server behind NAT learns its public address. Records who asked.
 */
export async function startFakeStunServer(mapped: { address: string; port: number }) {
  const socket = createSocket('udp4');
  const requests: RemoteInfo[] = [];
  socket.on('message', (message, from) => {
    if (message.length < 20 || message.readUInt16BE(0) !== BINDING_REQUEST || message.readUInt32BE(4) !== MAGIC_COOKIE) return;
    requests.push(from);
    socket.send(bindingSuccess(message.subarray(8, 20), mapped), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    url: `stun:127.0.0.1:${socket.address().port}`,
    requests: () => [...requests],
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

function bindingSuccess(transactionId: Buffer, mapped: { address: string; port: number }): Buffer {
  const attribute = Buffer.alloc(12);
  attribute.writeUInt16BE(XOR_MAPPED_ADDRESS, 0);
  attribute.writeUInt16BE(8, 2);
  attribute.writeUInt8(0x01, 5); // IPv4
  attribute.writeUInt16BE(mapped.port ^ (MAGIC_COOKIE >>> 16), 6);
  const address = mapped.address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
  attribute.writeUInt32BE((address ^ MAGIC_COOKIE) >>> 0, 8);
  const header = Buffer.alloc(20);
  header.writeUInt16BE(BINDING_SUCCESS, 0);
  header.writeUInt16BE(attribute.length, 2);
  header.writeUInt32BE(MAGIC_COOKIE, 4);
  transactionId.copy(header, 8);
  return Buffer.concat([header, attribute]);
}
