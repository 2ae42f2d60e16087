import { describe, expect, it } from 'vitest';
import { assistantCount, GROUP_WORDS, groupNameProblem, swatchOf } from './group-words.js';

describe('folders and labels in words', () => {
  it('counts assistants and says what a deletion does to them', () => {
    expect([0, 1, 3].map(assistantCount)).toEqual(['No assistants', '1 assistant', '3 assistants']);
    expect(GROUP_WORDS.folder.onDelete(2)).toBe('The 2 assistants in it are kept, in no folder. This cannot be undone.');
    expect(GROUP_WORDS.label.onDelete(1)).toBe('It is taken off the assistant that has it; they are kept. This cannot be undone.');
    expect(GROUP_WORDS.label.onDelete(0)).toBe('No assistant has it. This cannot be undone.');
  });

  it('draws every colour the API takes, and checks a name before asking', () => {
    expect(swatchOf('purple')).toBe('violet.7');
    expect(swatchOf('unknown')).toBe('gray.6');
    expect(groupNameProblem('  ')).toBe('Give it a name.');
    expect(groupNameProblem('x'.repeat(256))).toBe('At most 255 characters.');
    expect(groupNameProblem('Bakeries')).toBeNull();
  });
});
