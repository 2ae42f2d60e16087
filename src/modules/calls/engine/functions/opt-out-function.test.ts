import { describe, expect, it } from 'vitest';
import { callFunctions, OPT_OUT_FUNCTION } from './call-functions.js';

describe('the opt_out function', () => {
  const assistant = { tools: [] } as unknown as Parameters<typeof callFunctions>[0];
  const party = { fromNumber: '+14155550001', toNumber: '+14155550312', direction: 'outbound' as const };

  it('is offered on campaign calls only, and records the opt-out for the campaign to read', async () => {
    expect(callFunctions(assistant, party, () => {}).map((f) => f.spec.name)).toEqual([]);
    const functions = callFunctions(assistant, { ...party, campaignCall: true }, () => {});
    expect(functions.map((f) => f.spec.name)).toEqual([OPT_OUT_FUNCTION]);
    expect(functions[0]!.spec.parameters).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: false });
    expect(await functions[0]!.call({}, {} as never)).toEqual({ result: { opted_out: true } });
  });
});
