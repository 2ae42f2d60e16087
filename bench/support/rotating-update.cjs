// autocannon's setupRequest for bench/assistants.ts. It runs inside autocannon's worker thread
// (so the load generator does not steal the server's event loop), which can only load a plain
// CommonJS file. Each request targets the next assistant and carries new values, so every
// request is a real write for both the service and the reference. With `ruled`, the body also
// names a timezone, a field a cross-field rule reads, which sends the service down its full path.
let n = 0;
const TIMEZONES = ['Europe/Bucharest', 'Europe/Paris', 'America/New_York', 'Asia/Tokyo'];

module.exports = function setupRequest(request, context) {
  n += 1;
  const { ids, pathPrefix, ruled } = context;
  const id = ids[n % ids.length];
  const change = { name: `Bench ${n} ${Math.random().toString(36).slice(2, 8)}`, speech_speed: 0.8 + (n % 40) / 100 };
  const body = JSON.stringify(ruled ? { ...change, timezone: TIMEZONES[n % TIMEZONES.length] } : change);
  return { ...request, path: `${pathPrefix}${id}`, body };
};
