import { Group, Select, TextInput } from '@mantine/core';
import type { AssistantsSearch } from '../../router.js';
import { MODE_OPTIONS, STATUS_OPTIONS } from './assistant-labels.js';
import { NO_FOLDER } from './assistant-filters.js';

type Named = { id: number; name: string };

const loadingText = (query: { isPending: boolean; isError: boolean }, what: string) =>
  query.isPending ? `Loading ${what}…` : query.isError ? `Could not load ${what}` : 'Any';

/** Search, status, type, engine, folder and label; each change goes into the address. */
export function AssistantFilterBar({
  filters,
  onChange,
  folders,
  labels,
}: {
  filters: AssistantsSearch;
  onChange: (change: AssistantsSearch) => void;
  folders: { data: Named[] | undefined; isPending: boolean; isError: boolean };
  labels: { data: Named[] | undefined; isPending: boolean; isError: boolean };
}) {
  // The pickers hold text; the address holds ids as numbers.
  const select = (name: keyof AssistantsSearch, toValue: (picked: string) => AssistantsSearch[typeof name] = (picked) => picked) => ({
    value: filters[name] === undefined ? null : String(filters[name]),
    onChange: (picked: string | null) => onChange({ [name]: picked ? toValue(picked) : undefined }),
    clearable: true,
  });
  const id = (picked: string) => (picked === NO_FOLDER ? NO_FOLDER : Number(picked));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter assistants">
      <TextInput
        label="Search"
        placeholder="Name"
        value={filters.q ?? ''}
        onChange={(event) => onChange({ q: event.currentTarget.value || undefined })}
        style={{ flex: '1 1 160px' }}
      />
      <Select label="Status" placeholder="Any" data={STATUS_OPTIONS} {...select('status')} w={130} />
      <Select
        label="Type"
        placeholder="Any"
        data={[
          { value: 'inbound', label: 'Inbound' },
          { value: 'outbound', label: 'Outbound' },
        ]}
        {...select('type')}
        w={130}
      />
      <Select label="Voice engine" placeholder="Any" data={MODE_OPTIONS} {...select('mode')} w={160} />
      <Select
        label="Folder"
        placeholder={loadingText(folders, 'folders')}
        searchable
        data={[
          { value: NO_FOLDER, label: 'No folder' },
          ...(folders.data ?? []).map((folder) => ({ value: String(folder.id), label: folder.name })),
        ]}
        {...select('folder', id)}
        w={160}
      />
      <Select
        label="Label"
        placeholder={loadingText(labels, 'labels')}
        searchable
        nothingFoundMessage="No label yet"
        data={(labels.data ?? []).map((label) => ({ value: String(label.id), label: label.name }))}
        {...select('label', id)}
        w={160}
      />
    </Group>
  );
}
