import { Alert, Button, FileButton, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { type CsvTable, guessMapping, parseCsv, planNumberImport, type RejectedRow } from './lead-import.js';

/** Many numbers at once: a CSV file read in the browser, the person says which column holds them. */
export function ImportDoNotCall({ onImported }: { onImported: () => Promise<unknown> }) {
  const [file, setFile] = useState<{ name: string; table: CsvTable } | null>(null);
  const [column, setColumn] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async () => {
      const plan = planNumberImport(file!.table, Number(column));
      const report = unwrap(await api.POST('/api/user/do-not-call/import', { body: { phone_numbers: plan.phoneNumbers } }));
      return { ...report, total_rows: file!.table.rows.length, rejected: plan.rejectedInFile(report.rejected) };
    },
    onSuccess: async () => {
      setFile(null);
      await onImported();
    },
  });

  const read = async (picked: File | null) => {
    if (!picked) return;
    setReadError(null);
    send.reset();
    try {
      const table = parseCsv(await picked.text());
      if (table.headers.length === 0) throw new Error('The file is empty.');
      setFile({ name: picked.name, table });
      const phone = guessMapping(table.headers).findIndex((m) => m.use === 'phone');
      setColumn(String(Math.max(phone, 0)));
    } catch (error) {
      setReadError(`“${picked.name}” could not be read as CSV: ${describeError(error)}`);
    }
  };

  return (
    <Stack gap="xs" mt="md">
      <Title order={3} size="h5">
        Import from a CSV file
      </Title>
      {!file ? (
        <FileButton onChange={(picked) => void read(picked)} accept=".csv,text/csv,text/plain">
          {(props) => (
            <Button {...props} variant="default" w="fit-content">
              Choose a CSV file…
            </Button>
          )}
        </FileButton>
      ) : (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Text size="sm" style={{ flex: '1 1 100%' }}>
            <b>{file.name}</b>: {file.table.rows.length} rows.
          </Text>
          <Select
            label="Column with the numbers"
            data={file.table.headers.map((header, index) => ({ value: String(index), label: header || `Column ${index + 1}` }))}
            value={column}
            onChange={setColumn}
            allowDeselect={false}
            w={240}
          />
          <Button onClick={() => send.mutate()} loading={send.isPending}>
            Add {file.table.rows.length} numbers
          </Button>
          <Button variant="default" onClick={() => setFile(null)}>
            Cancel
          </Button>
        </Group>
      )}
      {readError && (
        <Alert color="red" role="alert">
          {readError}
        </Alert>
      )}
      {send.isError && (
        <Alert color="red" role="alert">
          {describeError(send.error)}
        </Alert>
      )}
      {send.data && <NumbersReport report={send.data} />}
    </Stack>
  );
}

function NumbersReport({ report }: { report: { added: number; already_listed: number; rejected: RejectedRow[] } }) {
  return (
    <Alert color={report.rejected.length > 0 ? 'yellow' : 'green'} title="Imported" aria-live="polite">
      <Text size="sm">
        {report.added} added, {report.already_listed} listed already, {report.rejected.length} rejected.
      </Text>
      {report.rejected.length > 0 && (
        <Table fz="sm" verticalSpacing={2} mt={4} aria-label="Rejected rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">Value</Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.rejected.slice(0, 50).map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{row.phone_number ?? '—'}</Table.Td>
                <Table.Td>{row.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Alert>
  );
}
