// autocannon's setupRequest for bench/messages.ts and bench/scale.ts, loaded inside autocannon's
// worker thread (a plain CommonJS file is all it can load). Every request is sent to a conversation
// with no message in flight, as one chat widget visitor would send: messages of one conversation
// are processed one at a time, so two in flight on one conversation would measure queueing, not the
// service. autocannon clears a connection's context before each request, so which conversations are
// free is kept here; conversation-released.cjs (onResponse) frees one.
let free;

function setupRequest(request, context) {
  if (free === undefined) free = [...context.paths];
  // Only a request that never got its response (a timeout) leaves none free.
  context.path = free.shift() ?? context.paths[Math.floor(Math.random() * context.paths.length)];
  return { ...request, path: context.path, body: JSON.stringify({ message: 'What are your opening hours?' }) };
}

setupRequest.release = function release(_status, _body, context) {
  if (context.path !== undefined) free.push(context.path);
};

module.exports = setupRequest;
