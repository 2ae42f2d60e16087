import type { AssistantsSearch } from '../../router.js';

/** The folder filter's value for assistants in no folder. */
export const NO_FOLDER = 'none' as const;

type Filterable = {
  name: string;
  status: string;
  type: string;
  mode: string;
  folder_id: number | null;
  label_ids: number[];
};

/** Whether an assistant of the list passes every filter that is set. */
export function matchesFilters(assistant: Filterable, filters: AssistantsSearch): boolean {
  if (filters.q && !assistant.name.toLowerCase().includes(filters.q.trim().toLowerCase())) return false;
  if (filters.status && assistant.status !== filters.status) return false;
  if (filters.type && assistant.type !== filters.type) return false;
  if (filters.mode && assistant.mode !== filters.mode) return false;
  if (filters.folder !== undefined && (assistant.folder_id ?? NO_FOLDER) !== filters.folder) return false;
  if (filters.label !== undefined && !assistant.label_ids.includes(filters.label)) return false;
  return true;
}
