import { Grid, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Stat } from './stat.js';
import type { ColumnMapping, ColumnUse, CsvTable, ImportReport } from './lead-import.js';

const USES: Array<{ value: ColumnUse; label: string }> = [
  { value: 'phone', label: 'Phone number' },
  { value: 'variable', label: 'Variable' },
  { value: 'secondary', label: 'Number to try next' },
  { value: 'skip', label: 'Leave out' },
];
const PREVIEW_ROWS = 5;
const REJECTED_SHOWN = 200;

const columnLabel = (header: string, index: number) => header || `Column ${index + 1}`;

/** One line a column: its header and first values, what it becomes, and the variable's name. */
export function ColumnMappingFields({
  table,
  mapping,
  onChange,
}: {
  table: CsvTable;
  mapping: ColumnMapping[];
  onChange: (mapping: ColumnMapping[]) => void;
}) {
  const set = (index: number, change: Partial<ColumnMapping>) => onChange(mapping.map((m, i) => (i === index ? { ...m, ...change } : m)));
  return (
    <Stack gap="xs" role="group" aria-label="Column mapping">
      {table.headers.map((header, index) => {
        const column = mapping[index]!;
        const samples = table.rows
          .slice(0, 3)
          .map((row) => row[index]?.trim())
          .filter(Boolean);
        return (
          <Paper key={index} withBorder p="xs" radius="sm">
            <Grid gap="xs" align="flex-end">
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Text size="sm" fw={600}>
                  {columnLabel(header, index)}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {samples.length > 0 ? `e.g. ${samples.join(', ')}` : 'empty in the first rows'}
                </Text>
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6, sm: 4 }}>
                <Select
                  label="Use as"
                  aria-label={`Use “${columnLabel(header, index)}” as`}
                  data={USES}
                  value={column.use}
                  allowDeselect={false}
                  onChange={(value) => value && set(index, { use: value as ColumnUse })}
                />
              </Grid.Col>
              {column.use === 'variable' && (
                <Grid.Col span={{ base: 12, xs: 6, sm: 4 }}>
                  <TextInput
                    label="Variable name"
                    aria-label={`Variable name of “${columnLabel(header, index)}”`}
                    value={column.name}
                    maxLength={64}
                    onChange={(event) => set(index, { name: event.currentTarget.value })}
                  />
                </Grid.Col>
              )}
            </Grid>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The file's first rows as they will be read: each header says what its column becomes. */
export function RowsPreview({ table, mapping }: { table: CsvTable; mapping: ColumnMapping[] }) {
  const heading = (header: string, index: number) => {
    const column = mapping[index];
    const becomes =
      column?.use === 'variable'
        ? column.name
        : column?.use === 'phone'
          ? 'phone number'
          : column?.use === 'secondary'
            ? 'try next'
            : 'left out';
    return (
      <>
        {columnLabel(header, index)}
        <Text span size="xs" c="dimmed" fw={400} display="block">
          → {becomes}
        </Text>
      </>
    );
  };
  return (
    <div>
      <Title order={3} size="h5" mb={4}>
        First rows
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing={4} withTableBorder fz="sm" aria-label="First rows of the file">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              {table.headers.map((header, index) => (
                <Table.Th scope="col" key={index} c={mapping[index]?.use === 'skip' ? 'dimmed' : undefined}>
                  {heading(header, index)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.slice(0, PREVIEW_ROWS).map((row, r) => (
              <Table.Tr key={r}>
                <Table.Td>{r + 1}</Table.Td>
                {table.headers.map((_header, index) => (
                  <Table.Td key={index} c={mapping[index]?.use === 'skip' ? 'dimmed' : undefined}>
                    {row[index] ?? ''}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {table.rows.length > PREVIEW_ROWS && (
        <Text size="xs" c="dimmed">
          and {table.rows.length - PREVIEW_ROWS} more rows.
        </Text>
      )}
    </div>
  );
}

/** What the import did: rows imported, duplicates left out, and each rejected row with its reason. */
export function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <Stack gap="sm" aria-live="polite">
      <Text fw={600}>
        {report.imported} of {report.total_rows} rows imported.
      </Text>
      <SimpleGrid cols={3} spacing="xs" component="dl" m={0}>
        <Stat label="Imported" value={report.imported} />
        <Stat label="Already in the campaign" value={report.duplicates} />
        <Stat label="Rejected" value={report.rejected.length} />
      </SimpleGrid>
      {report.rejected.length > 0 && (
        <div>
          <Title order={3} size="h5" mb={4}>
            Rejected rows
          </Title>
          <Text size="xs" c="dimmed" mb={4}>
            Rows are numbered from the first one under the header. Fix them in the file and import it again: rows already imported are left
            out.
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={4} fz="sm" aria-label="Rejected rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Row</Table.Th>
                  <Table.Th scope="col">Phone number</Table.Th>
                  <Table.Th scope="col">Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rejected.slice(0, REJECTED_SHOWN).map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>{row.phone_number ?? '—'}</Table.Td>
                    <Table.Td>{row.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {report.rejected.length > REJECTED_SHOWN && (
            <Text size="xs" c="dimmed">
              and {report.rejected.length - REJECTED_SHOWN} more.
            </Text>
          )}
        </div>
      )}
    </Stack>
  );
}
