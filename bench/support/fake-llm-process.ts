/**
 * The fake OpenAI-compatible server as its own process, so its work is not done on the event
 * loop of the service being measured. Prints its base URL on the first line of stdout.
 */
import { startFakeOpenAi } from '../../test/helpers/fakes/openai.js';

const llm = await startFakeOpenAi();
// Keep no history: the benchmark sends hundreds of thousands of requests.
setInterval(() => llm.reset(), 1_000).unref();
console.log(llm.baseUrl);
process.on('SIGTERM', () => void llm.close().then(() => process.exit(0)));
