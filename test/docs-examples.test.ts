import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatappEnv, GRAPH_TEMPLATES } from './helpers/chatapp.js';
import {
  answerPattern,
  exampleBlocks,
  readmeFirstMinutes,
  shellBlocks,
  startDocsServer,
  unmatchedAnswers,
} from './helpers/doc-examples.js';
import { startFakeGraph, type FakeGraph } from './helpers/fakes/graph.js';
import { newAccountSid, startFakeTwilio, type FakeTwilio } from './helpers/fakes/twilio.js';

/**
 * Every request example in docs/ runs as written against the app and must succeed: a page's
 * ```sh blocks that call `$API`, in order, in one bash session that starts where the README's
 * first minutes end (its user, TOKEN, ASSISTANT_ID, ASSISTANT_UUID and json helper). Each page
 * gets a fresh server. Telephony, speech and the chatapp platform are the fakes, reached by their
 * configured base URLs; curl fails on any HTTP error answer.
 */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? markdownFiles(path) : entry.name.endsWith('.md') ? [path] : [];
  });
}

const pages = markdownFiles('docs').sort();
const withExamples = pages.filter((page) => exampleBlocks(readFileSync(page, 'utf8')).length > 0);

let graph: FakeGraph;
let twilio: FakeTwilio;
let accountSid: string;
let env: Record<string, string>;

beforeAll(async () => {
  graph = await startFakeGraph();
  // The business number of docs/api/chatapp.md's cloud_api example, as the platform knows it.
  graph.addPhoneNumber({
    id: '106540352242922',
    wabaId: '102290129340398',
    displayPhoneNumber: '+40 711 000 111',
    token: 'EAAJBx7ZCqZBZA0cBAExampleToken',
  });
  graph.setTemplates('102290129340398', GRAPH_TEMPLATES);
  accountSid = newAccountSid();
  env = chatappEnv(graph, {
    PUBLIC_URL: 'https://voice.example.com',
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: 'twilio-token',
    SPEECH_BASE_URL: 'http://127.0.0.1:9/v1',
  });
});
afterAll(async () => {
  await graph?.close();
});

describe('the request examples in docs/', () => {
  it('are all runnable: every shell block that calls curl reaches the API through $API', () => {
    const unrunnable = pages.flatMap((page) =>
      shellBlocks(readFileSync(page, 'utf8'))
        .filter((block) => /\bcurl\b/.test(block) && !block.includes('$API'))
        .map((block) => `${page}: ${block.split('\n')[0]}`),
    );
    expect(unrunnable).toEqual([]);
    expect(withExamples.length).toBeGreaterThanOrEqual(6);
  });

  for (const page of withExamples) {
    it(`${page}: each succeeds as written, in order`, async () => {
      // Twilio's side starts afresh per page, as each page's server does: a number one page buys
      // is for sale again on the next.
      twilio = await startFakeTwilio({ [accountSid]: 'twilio-token' });
      const server = await startDocsServer({ env: { ...env, TWILIO_API_URL: twilio.url, TWILIO_VOICE_API_URL: twilio.url } });
      try {
        await server.run(readmeFirstMinutes());
        for (const block of exampleBlocks(readFileSync(page, 'utf8'))) {
          const printed = await server.run(block);
          // For writing the documented answers: PRINT_DOCS_EXAMPLES=1 npx vitest run test/docs-examples.test.ts
          if (process.env.PRINT_DOCS_EXAMPLES) console.log(`${page}:\n${printed}`);
        }
      } finally {
        await server.close();
        await twilio.close();
      }
    }, 120_000);
  }
});

describe('the example runner', () => {
  it('reads documented answers with ... eliding the rest of a string or any text', () => {
    const printed =
      '{"message":"API key created successfully.","api_key":{"id":3,"name":"Production","token":"3|abc\\"def","created_at":"2026"}}';
    expect(
      answerPattern('{"message":"API key created successfully.","api_key":{"id":3,...,"token":"3|...","created_at":"..."}}').test(printed),
    ).toBe(true);
    expect(answerPattern('{"message":"API key created successfully.","api_key":{"id":4,...}}').test(printed)).toBe(false);
    expect(answerPattern('{"token":"4|..."}').test(printed)).toBe(false);
    expect(unmatchedAnswers('curl -s $API/x\n# {"a":1,\n#   "b":2}\n# 403 {"not":"checked"}\n', '{"a":1,"b":2}')).toEqual([]);
    expect(unmatchedAnswers('curl -s $API/x\n# {"a":1,\n#   "b":3}\n', '{"a":1,"b":2}')).toEqual(['{"a":1,"b":3}']);
  });

  it('fails on an example that does not succeed, naming it and what it printed', async () => {
    const server = await startDocsServer({ env });
    try {
      await server.run(readmeFirstMinutes());
      await expect(server.run('curl -s $API/user/assistant/999999 -H "authorization: Bearer $TOKEN"\n')).rejects.toThrow(
        /This example failed[\s\S]*assistant\/999999[\s\S]*Assistant not found/,
      );
    } finally {
      await server.close();
    }
  }, 60_000);
});
