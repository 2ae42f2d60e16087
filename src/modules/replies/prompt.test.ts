import { describe, expect, it } from 'vitest';
import { fillVariables } from './prompt.js';

describe('fillVariables', () => {
  it('fills known placeholders and leaves unknown ones visible', () => {
    expect(fillVariables('Hi {{ name }}, order {{order}} is {{status}}.', { name: 'Ana', order: 42 })).toBe(
      'Hi Ana, order 42 is {{status}}.',
    );
  });

  it('reads only the variables given, never what every object inherits', () => {
    const text = '{{constructor}} {{toString}} {{__proto__}} {{hasOwnProperty}}';
    expect(fillVariables(text, {})).toBe(text);
    expect(fillVariables('{{constructor}}', { constructor: 'set by the caller' })).toBe('set by the caller');
  });
});
