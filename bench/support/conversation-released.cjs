// autocannon's onResponse for bench/messages.ts: the conversation answered takes messages again.
module.exports = require('./conversation-not-in-flight.cjs').release;
