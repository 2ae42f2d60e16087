// autocannon's setupRequest for bench/messages.ts, loaded inside autocannon's worker thread
// (a plain CommonJS file is all it can load). Each connection keeps one conversation, as one
// chat widget visitor would: messages of one conversation are processed one at a time, so
// sharing a conversation between connections would measure queueing, not the service.
let next = 0;

module.exports = function setupRequest(request, context) {
  if (context.path === undefined) {
    context.path = context.paths[next % context.paths.length];
    next += 1;
  }
  context.sent = (context.sent || 0) + 1;
  return { ...request, path: context.path, body: JSON.stringify({ message: `What are your opening hours? (${context.sent})` }) };
};
