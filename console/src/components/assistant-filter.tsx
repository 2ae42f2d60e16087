import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { assistantListQuery } from '../api/queries.js';

/** A picker of the account's assistants, for filtering lists. */
export function AssistantFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const assistants = useQuery(assistantListQuery);
  return (
    <Select
      label="Assistant"
      placeholder={assistants.isError ? 'Could not load assistants' : 'Any'}
      searchable
      clearable
      data={(assistants.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
      value={value}
      onChange={onChange}
      w={200}
    />
  );
}
