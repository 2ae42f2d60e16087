import { describe, expect, it } from 'vitest';
import { matchesFilters, NO_FOLDER } from './assistant-filters.js';

const desk = { name: 'Front desk', status: 'active', type: 'inbound', mode: 'pipeline', folder_id: 12, label_ids: [3, 5] };
const reminders = { name: 'Reminders', status: 'inactive', type: 'outbound', mode: 'multimodal', folder_id: null, label_ids: [] };

describe('the assistants list filters', () => {
  it('match by name, status, type and mode', () => {
    expect(matchesFilters(desk, { q: ' DESK ' })).toBe(true);
    expect(matchesFilters(desk, { q: 'night' })).toBe(false);
    expect(matchesFilters(desk, { status: 'active', type: 'inbound', mode: 'pipeline' })).toBe(true);
    expect(matchesFilters(desk, { mode: 'multimodal' })).toBe(false);
  });

  it('match by folder (or no folder) and by one label', () => {
    expect(matchesFilters(desk, { folder: 12 })).toBe(true);
    expect(matchesFilters(desk, { folder: 13 })).toBe(false);
    expect(matchesFilters(desk, { folder: NO_FOLDER })).toBe(false);
    expect(matchesFilters(reminders, { folder: NO_FOLDER })).toBe(true);
    expect(matchesFilters(desk, { label: 5 })).toBe(true);
    expect(matchesFilters(desk, { label: 4 })).toBe(false);
    expect(matchesFilters(reminders, { label: 3 })).toBe(false);
    expect(matchesFilters(desk, { folder: 12, label: 3, q: 'front' })).toBe(true);
  });
});
