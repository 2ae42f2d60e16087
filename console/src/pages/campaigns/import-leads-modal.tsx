import { Alert, Button, Checkbox, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { ColumnMappingFields, ImportReportView, RowsPreview } from './import-leads-parts.js';
import {
  type ColumnMapping,
  type CsvTable,
  type ImportReport,
  combineReports,
  guessMapping,
  mappingProblems,
  parseCsv,
  planImport,
} from './lead-import.js';

/**
 * Leads from a CSV file: read in the browser, its first rows shown, each column mapped to the
 * phone number, a variable or a contact to try next, then sent to the import route a few
 * thousand rows at a time; the report says what went in and which rows did not, and why.
 */
export function ImportLeadsModal({ campaignId, opened, onClose }: { campaignId: number; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; table: CsvTable } | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping[]>([]);
  const [allowDuplicates, setAllowDuplicates] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const [sent, setSent] = useState(0);
  const [report, setReport] = useState<ImportReport | null>(null);

  const read = async (picked: File | null) => {
    if (!picked) return;
    setReadError(null);
    try {
      const table = parseCsv(await picked.text());
      if (table.headers.length === 0) throw new Error('The file is empty.');
      setFile({ name: picked.name, table });
      setMapping(guessMapping(table.headers));
    } catch (error) {
      setReadError(`“${picked.name}” could not be read as CSV: ${describeError(error)}`);
    }
  };

  const send = useMutation({
    mutationFn: async () => {
      const plan = planImport(campaignId, file!.table, mapping, { allowDuplicates });
      const reports: ImportReport[] = [];
      setSent(0);
      for (const request of plan.requests) {
        reports.push(unwrap(await api.POST('/api/user/leads/import', { body: request.body })));
        setSent((n) => n + request.fileRows.length);
      }
      return combineReports(plan, reports);
    },
    onSuccess: (combined) => setReport(combined),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['leads'] }),
        queryClient.invalidateQueries({ queryKey: ['campaign-progress', campaignId] }),
      ]),
  });

  const reset = () => {
    setFile(null);
    setMapping([]);
    setReport(null);
    setReadError(null);
    send.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const problems = file ? mappingProblems(mapping, file.table.rows.length) : [];

  return (
    <Modal opened={opened} onClose={close} title="Import leads from a CSV file" size="xl">
      {report ? (
        <Stack>
          <ImportReportView report={report} />
          <Group justify="flex-end">
            <Button variant="default" onClick={reset}>
              Import another file
            </Button>
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : !file ? (
        <Stack>
          <Text size="sm">
            A spreadsheet saved as CSV, with a header row and one person a row: a column with their phone number (with the country code,
            e.g. +40 711 222 333), and any others the assistant should know, like their name. You choose what each column is next.
          </Text>
          <FileButton onChange={(picked) => void read(picked)} accept=".csv,text/csv,text/plain">
            {(props) => (
              <Button {...props} variant="default" w="fit-content">
                Choose a CSV file…
              </Button>
            )}
          </FileButton>
          {readError && (
            <Alert color="red" role="alert">
              {readError}
            </Alert>
          )}
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            <b>{file.name}</b>: {file.table.rows.length} rows, {file.table.headers.length} columns. Say what each column is: the phone
            number to call, a variable the assistant can use in what it says (“{'{{customer_name}}'}”), a number to try when the first one
            does not answer, or nothing to import.
          </Text>
          <ColumnMappingFields table={file.table} mapping={mapping} onChange={setMapping} />
          <RowsPreview table={file.table} mapping={mapping} />
          <Checkbox
            label="Import numbers this campaign has already (they are left out otherwise)"
            checked={allowDuplicates}
            onChange={(event) => setAllowDuplicates(event.currentTarget.checked)}
          />
          {problems.length > 0 && (
            <Alert color="yellow" title="Before importing" role="alert">
              {problems.map((p) => (
                <Text size="sm" key={p}>
                  {p}
                </Text>
              ))}
            </Alert>
          )}
          {send.isPending && <Progress value={(sent / file.table.rows.length) * 100} aria-label="Import progress" size="sm" />}
          {send.isError && (
            <Alert color="red" role="alert" title="The import stopped">
              {describeError(send.error)} Rows sent before it stopped are imported; import the file again to add the rest (duplicates are
              left out).
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={reset}>
              Choose another file
            </Button>
            <Button onClick={() => send.mutate()} loading={send.isPending} disabled={problems.length > 0}>
              Import {file.table.rows.length} rows
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
