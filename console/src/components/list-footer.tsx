import { Box, Group, type MantineSpacing, Pagination, Text } from '@mantine/core';
import { useEffect } from 'react';

/** The arrows show only an icon; these are their names. */
const CONTROL_NAMES = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/**
 * The foot of a list the server hands out a page at a time: which rows are showing out of how
 * many ("21–25 of 25"), and the pages to move between when there is more than one. `label` names
 * what is counted, in the plural ("calls"), and names the pages for a screen reader ("Pages of calls").
 */
export function ListFooter({
  total,
  page,
  perPage,
  onChange,
  label,
  mt,
}: {
  total: number;
  page: number;
  perPage: number;
  onChange: (page: number) => void;
  label: string;
  /** Space above; a list in a Stack gets it from the Stack's gap, one in a Paper needs it here. */
  mt?: MantineSpacing;
}) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  // A page emptied from under the reader (its last rows removed, the list shorter) moves back to the last page there is.
  useEffect(() => {
    if (page > lastPage) onChange(lastPage);
  }, [page, lastPage, onChange]);
  const shown = Math.min(page, lastPage);
  const from = total === 0 ? 0 : (shown - 1) * perPage + 1;
  const to = Math.min(shown * perPage, total);

  return (
    <Group justify="space-between" mt={mt}>
      <Text size="sm" c="dimmed">
        {`${from}–${to} of ${total}`}
      </Text>
      {lastPage > 1 && (
        <Box component="nav" aria-label={`Pages of ${label}`}>
          <Pagination
            total={lastPage}
            value={shown}
            onChange={onChange}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
          />
        </Box>
      )}
    </Group>
  );
}
