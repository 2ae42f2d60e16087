/**
 * `npm run bench -- chatapp-webrtc [calls] [seconds]`: what one chatapp WebRTC call costs.
 *
 * Service: N calls, each our leg (werift: ICE, DTLS-SRTP, PCMU, the 20 ms pacer, μ-law and 8↔16 kHz
 * resampling both ways, fed 20 ms engine frames as an engine would) against a werift customer on
 * loopback that speaks and listens. Reference: N pairs of plain UDP sockets exchanging the same
 * 50 packets a second each way, with no crypto and no codec. Both ends of every call run in this
 * process in both cases, so the ratio is the CPU the WebRTC leg costs over bare packet exchange.
 * Prints connect times (offer to DTLS up), CPU per call and the ratio.
 */
import { createSocket } from 'node:dgram';
import { signalForText } from '../src/modules/calls/audio/test-signal.js';
import { ChatappWebrtcLeg } from '../src/modules/calls/legs/chatapp/chatapp-webrtc.js';
import { FakeChatappCustomer } from '../test/helpers/fakes/chatapp-customer.js';

const calls = Number(process.argv[3] ?? 10);
const seconds = Number(process.argv[4] ?? 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU milliseconds (user + system) spent while `run` runs. */
async function cpuDuring(run: () => Promise<void>): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

async function reference(): Promise<number> {
  const pairs = await Promise.all(
    Array.from({ length: calls }, async () => {
      const a = createSocket('udp4');
      const b = createSocket('udp4');
      await Promise.all([new Promise<void>((r) => a.bind(0, '127.0.0.1', r)), new Promise<void>((r) => b.bind(0, '127.0.0.1', r))]);
      let received = 0;
      a.on('message', () => void (received += 1));
      b.on('message', () => void (received += 1));
      return { a, b, received: () => received };
    }),
  );
  const payload = Buffer.alloc(172, 0xff);
  const cpu = await cpuDuring(async () => {
    const timer = setInterval(() => {
      for (const { a, b } of pairs) {
        a.send(payload, b.address().port, '127.0.0.1');
        b.send(payload, a.address().port, '127.0.0.1');
      }
    }, 20);
    await sleep(seconds * 1000);
    clearInterval(timer);
  });
  for (const { a, b } of pairs) {
    a.close();
    b.close();
  }
  return cpu;
}

async function service(): Promise<{ cpu: number; connectMs: number[]; heardPackets: number }> {
  const connectMs: number[] = [];
  const pairs = await Promise.all(
    Array.from({ length: calls }, async () => {
      const started = performance.now();
      const customer = new FakeChatappCustomer();
      const { leg, sdp } = await ChatappWebrtcLeg.offer();
      leg.setHandlers({ onAudio: () => {}, onClose: () => {} });
      await leg.acceptAnswer(await customer.answer(sdp));
      if (!(await leg.connected)) throw new Error('a call did not connect');
      connectMs.push(performance.now() - started);
      return { leg, customer };
    }),
  );
  const speech = signalForText('A sentence the assistant keeps saying', 16_000);
  const customerSpeech = signalForText('A sentence the customer keeps saying', 8_000);
  let offset = 0;
  const cpu = await cpuDuring(async () => {
    const timer = setInterval(() => {
      for (const { leg, customer } of pairs) {
        leg.send(speech.subarray(offset, offset + 320));
        if (offset === 0) customer.say(customerSpeech, 0);
      }
      offset = offset + 320 >= speech.length ? 0 : offset + 320;
    }, 20);
    await sleep(seconds * 1000);
    clearInterval(timer);
  });
  const heardPackets = pairs.reduce((n, { customer }) => n + customer.packetsReceived, 0);
  await Promise.all(
    pairs.map(async ({ leg, customer }) => {
      await leg.close('bench_done');
      await customer.hangUp();
    }),
  );
  return { cpu, connectMs: connectMs.sort((x, y) => x - y), heardPackets };
}

const ref = await reference();
const svc = await service();
const perCall = (cpu: number) => cpu / calls / seconds;
const pct = (cpuPerCallSecond: number) => `${(cpuPerCallSecond / 10).toFixed(2)}% of a core`;
console.log(`chatapp WebRTC calls: ${calls} simultaneous, ${seconds} s of two-way audio each (both ends in this process)`);
console.log(
  `  connect (offer to DTLS-SRTP up, loopback): median ${svc.connectMs[Math.floor(calls / 2)]!.toFixed(0)} ms, max ${svc.connectMs.at(-1)!.toFixed(0)} ms`,
);
console.log(`  packets the customers heard: ${svc.heardPackets} (expected about ${calls * seconds * 50})`);
console.log(`  reference (plain UDP, 50 packets/s each way): ${perCall(ref).toFixed(2)} ms CPU per call-second (${pct(perCall(ref))})`);
console.log(
  `  service (werift leg + customer):              ${perCall(svc.cpu).toFixed(2)} ms CPU per call-second (${pct(perCall(svc.cpu))})`,
);
console.log(`  ratio service / reference: ${(svc.cpu / ref).toFixed(1)}x`);
process.exit(0);
