import { describe, expect, it } from 'vitest';
import { resolveTemplateValues } from './template-values.js';

describe('resolveTemplateValues', () => {
  it('takes each value by placeholder number or by name', () => {
    expect(resolveTemplateValues(['customer_name', 'order'], { 1: 'Ana', order: 42 })).toEqual({ values: ['Ana', '42'] });
  });

  it('treats a name that every object inherits as missing, not as a function', () => {
    expect(resolveTemplateValues(['constructor', 'toString'], {})).toEqual({ missing: ['constructor', 'toString'] });
    expect(resolveTemplateValues(['constructor'], { constructor: 'given' })).toEqual({ values: ['given'] });
  });
});
