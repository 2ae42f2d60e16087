import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { QueryState } from '../../components/query-state.js';
import { formatUsd } from '../../format/format.js';
import { defaultRange, downloadFrom, EXPORTS, type ExportKind } from './usage-range.js';
import { useRole } from '../../shell/role.js';

const TIMEZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Spend and volume per day and per assistant for a range of days, and the CSV exports of that range. */
export function UsagePage() {
  const [range, setRange] = useState<[string | null, string | null]>(defaultRange(new Date()));
  const [from, to] = range;
  const query = { date_from: from ?? '', date_to: to ?? '', timezone: TIMEZONE };
  const usage = useQuery({
    queryKey: ['usage', query],
    queryFn: async () => unwrap(await api.GET('/api/user/usage', { params: { query } })),
    enabled: Boolean(from && to),
    placeholderData: keepPreviousData,
  });
  const { allows } = useRole();
  const exporting = useMutation({
    mutationFn: async (kind: ExportKind) => {
      const body = { date_from: query.date_from, date_to: query.date_to, timezone: TIMEZONE };
      const link =
        kind === 'calls'
          ? await api.POST('/api/user/exports/calls.csv/link', { body })
          : kind === 'conversations'
            ? await api.POST('/api/user/exports/conversations.csv/link', { body })
            : await api.POST('/api/user/exports/ledger.csv/link', { body });
      downloadFrom(unwrap(link).url);
    },
  });

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Usage
        </Title>
        <Text size="sm" c="dimmed">
          What your assistants did and what it cost, per day ({TIMEZONE}) and per assistant.
        </Text>
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DatePickerInput
          type="range"
          label="Days"
          valueFormat="YYYY-MM-DD"
          value={range}
          onChange={setRange}
          w={260}
          allowSingleDateInRange
        />
        {EXPORTS.filter(({ kind }) => kind !== 'ledger' || allows('admin')).map(({ kind, label }) => (
          <Button
            key={kind}
            variant="default"
            onClick={() => exporting.mutate(kind)}
            loading={exporting.isPending && exporting.variables === kind}
            disabled={!from || !to}
          >
            {label}
          </Button>
        ))}
      </Group>
      {exporting.isError && (
        <Alert color="red" role="alert">
          {describeError(exporting.error)}
        </Alert>
      )}
      {!from || !to ? (
        <Text size="sm">Pick the first and the last day.</Text>
      ) : (
        <QueryState query={usage} label="the usage">
          {(report) => (
            <Stack gap="md">
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {[
                  ['Spend', formatUsd(report.totals.spend)],
                  ['Messages', String(report.totals.messages)],
                  ['Calls', String(report.totals.calls)],
                  ['Call minutes', String(report.totals.call_minutes)],
                ].map(([label, value]) => (
                  <Paper withBorder p="sm" key={label}>
                    <Text size="xs" c="dimmed">
                      {label}
                    </Text>
                    <Text fw={700} size="lg">
                      {value}
                    </Text>
                  </Paper>
                ))}
              </SimpleGrid>
              <ChartCard title="Spend per day (USD)">
                <BarChart
                  h={220}
                  data={report.days}
                  dataKey="date"
                  series={[{ name: 'spend', label: 'Spend', color: 'blue.7' }]}
                  valueFormatter={(value) => formatUsd(value)}
                  tickLine="y"
                />
              </ChartCard>
              <ChartCard title="Volume per day">
                <BarChart
                  h={220}
                  data={report.days}
                  dataKey="date"
                  withLegend
                  series={[
                    { name: 'messages', label: 'Messages', color: 'teal.7' },
                    { name: 'calls', label: 'Calls', color: 'orange.7' },
                  ]}
                  tickLine="y"
                />
              </ChartCard>
              <ChartCard title="By assistant">
                {report.assistants.length === 0 ? (
                  <Text size="sm">Nothing in these days.</Text>
                ) : (
                  <>
                    <BarChart
                      h={Math.max(120, report.assistants.length * 40)}
                      data={report.assistants.map((a) => ({ name: a.name ?? 'Deleted assistant', cost: a.cost }))}
                      dataKey="name"
                      orientation="vertical"
                      yAxisProps={{ width: 110 }}
                      series={[{ name: 'cost', label: 'Cost', color: 'blue.7' }]}
                      valueFormatter={(value) => formatUsd(value)}
                    />
                    {/* Short columns that fit a phone (minutes from 576 px): no scrolling region, which would need keyboard access. */}
                    <Table verticalSpacing="xs" mt="sm" fz="sm">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th scope="col">Assistant</Table.Th>
                          <Table.Th scope="col" ta="right">
                            Messages
                          </Table.Th>
                          <Table.Th scope="col" ta="right">
                            Calls
                          </Table.Th>
                          <Table.Th scope="col" ta="right" visibleFrom="xs">
                            Minutes
                          </Table.Th>
                          <Table.Th scope="col" ta="right">
                            Cost
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {report.assistants.map((a) => (
                          <Table.Tr key={a.assistant_id ?? 'deleted'}>
                            <Table.Td>{a.name ?? 'Deleted assistant'}</Table.Td>
                            <Table.Td ta="right">{a.messages}</Table.Td>
                            <Table.Td ta="right">{a.calls}</Table.Td>
                            <Table.Td ta="right" visibleFrom="xs">
                              {a.call_minutes}
                            </Table.Td>
                            <Table.Td ta="right">{formatUsd(a.cost)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </>
                )}
              </ChartCard>
            </Stack>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
