import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap, type paths } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { formatUsd } from '../../format/format.js';
import { currentUserQuery } from '../../api/queries.js';
import { addressInWords, formatMonthly, searchQuery, validateSearch, type SearchQuery, type SearchValues } from './number-words.js';

type Available = paths['/api/user/phone-numbers/search']['get']['responses'][200]['content']['application/json']['data'][number];

/** Countries Twilio commonly sells numbers in; the search itself says when one has none. */
const COUNTRIES = [
  'US',
  'CA',
  'GB',
  'IE',
  'AU',
  'NZ',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'AT',
  'CH',
  'SE',
  'DK',
  'NO',
  'FI',
  'PL',
  'RO',
  'PT',
  'IL',
  'MX',
  'BR',
  'ZA',
];
const countryNames = (() => {
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' });
  } catch {
    return null;
  }
})();
const COUNTRY_OPTIONS = COUNTRIES.map((code) => ({ value: code, label: countryNames?.of(code) ?? code }));
const TYPES = [
  { value: 'local', label: 'Local' },
  { value: 'mobile', label: 'Mobile' },
  { value: 'toll_free', label: 'Toll-free' },
];

/** Search numbers for sale, then buy one after seeing what it costs and what the balance pays. */
export function BuyNumberModal({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState<SearchQuery | null>(null);
  const [chosen, setChosen] = useState<Available | null>(null);
  const form = useForm<SearchValues>({
    initialValues: { country_code: 'US', type: 'local', area_code: '', locality: '', contains: '', sms_capable: false },
    validate: validateSearch,
  });
  const results = useQuery({
    queryKey: ['phone-numbers', 'search', query],
    queryFn: async () => unwrap(await api.GET('/api/user/phone-numbers/search', { params: { query: query! } })).data,
    enabled: query !== null,
    staleTime: 0,
  });
  const country = form.getValues().country_code;

  return (
    <Modal opened onClose={onClose} title={chosen ? `Buy ${chosen.phone_number_formatted}?` : 'Buy a number'} size="xl">
      {chosen ? (
        <ConfirmPurchase number={chosen} onBack={() => setChosen(null)} onBought={onClose} />
      ) : (
        <Stack>
          <form noValidate onSubmit={form.onSubmit((values) => setQuery(searchQuery(values)))}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Select
                  label="Country"
                  data={COUNTRY_OPTIONS}
                  searchable
                  allowDeselect={false}
                  key={form.key('country_code')}
                  {...form.getInputProps('country_code')}
                />
                <Select label="Kind" data={TYPES} allowDeselect={false} key={form.key('type')} {...form.getInputProps('type')} />
                {['US', 'CA'].includes(country) ? (
                  <TextInput
                    label="Area code"
                    placeholder="e.g. 415"
                    inputMode="numeric"
                    key={form.key('area_code')}
                    {...form.getInputProps('area_code')}
                  />
                ) : (
                  <TextInput label="City" placeholder="e.g. London" key={form.key('locality')} {...form.getInputProps('locality')} />
                )}
                {['US', 'CA'].includes(country) && (
                  <TextInput label="City" placeholder="e.g. San Francisco" key={form.key('locality')} {...form.getInputProps('locality')} />
                )}
                <TextInput
                  label="Contains the digits"
                  placeholder="e.g. 777"
                  inputMode="numeric"
                  key={form.key('contains')}
                  {...form.getInputProps('contains')}
                />
              </SimpleGrid>
              <Group justify="space-between">
                <Checkbox
                  label="Can receive text messages (SMS)"
                  key={form.key('sms_capable')}
                  {...form.getInputProps('sms_capable', { type: 'checkbox' })}
                />
                <Button type="submit" loading={results.isFetching}>
                  Search
                </Button>
              </Group>
            </Stack>
          </form>
          {query && <SearchResults results={results} onChoose={setChosen} />}
        </Stack>
      )}
    </Modal>
  );
}

function SearchResults({ results, onChoose }: { results: UseQueryResult<Available[]>; onChoose: (n: Available) => void }) {
  if (results.isPending) return <Text size="sm">Searching…</Text>;
  if (results.isError)
    return (
      <Alert color="red" role="alert" title="The search did not work">
        {describeError(results.error)}
      </Alert>
    );
  if (results.data.length === 0) return <Text size="sm">No numbers match. Try fewer filters, or another city or area code.</Text>;
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="xs" aria-label="Numbers for sale">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Number</Table.Th>
            <Table.Th scope="col">Price</Table.Th>
            <Table.Th scope="col">
              <span className="visually-hidden">Buy</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.data.map((number) => {
            const address = addressInWords(number.address_requirements);
            return (
              <Table.Tr key={number.phone_number}>
                <Table.Td>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {number.phone_number_formatted}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[number.locality, number.region].filter(Boolean).join(', ') || number.country_code}
                    {number.sms_capable ? ' · takes SMS' : ' · calls only'}
                  </Text>
                  {address && (
                    <Text size="xs" c="red.9" mt={2}>
                      {address}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMonthly(number.price)}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    disabled={address !== null}
                    onClick={() => onChoose(number)}
                    aria-label={`Buy ${number.phone_number_formatted}`}
                  >
                    Buy
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The price, what the balance pays now and later, a nickname; then the purchase. */
function ConfirmPurchase({ number, onBack, onBought }: { number: Available; onBack: () => void; onBought: () => void }) {
  const queryClient = useQueryClient();
  const me = useQuery(currentUserQuery);
  const [nickname, setNickname] = useState('');
  const buy = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/user/phone-numbers/purchase', {
          body: { phone_number: number.phone_number, ...(nickname.trim() ? { nickname: nickname.trim() } : {}) },
        }),
      ),
    onSuccess: async () => {
      notifications.show({
        color: 'green',
        message: `${number.phone_number_formatted} is yours. Give it to an assistant: choose Manage, then Give to an assistant.`,
        autoClose: 10_000,
      });
      onBought();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['phone-numbers'] }),
        queryClient.invalidateQueries({ queryKey: ['current-user'] }),
      ]);
    },
  });
  const balance = me.data?.total_balance;
  const after = balance === undefined ? undefined : Math.round((balance - number.price) * 100) / 100;
  const carrierSaid =
    buy.error instanceof ApiError ? (buy.error.body.carrier_error as { message?: string } | undefined)?.message : undefined;

  return (
    <Stack>
      <Text>
        <strong>{number.phone_number_formatted}</strong> (
        {[number.locality, number.region].filter(Boolean).join(', ') || number.country_code}) costs{' '}
        <strong>{formatMonthly(number.price)}</strong>, paid from your balance.
      </Text>
      <Text size="sm">
        The first month ({formatUsd(number.price)}) is taken now
        {balance !== undefined && after !== undefined ? (
          <>
            : your balance goes from {formatUsd(balance)} to {formatUsd(after)}
          </>
        ) : null}
        . Each next month is taken when the one before ends, until you release the number.
      </Text>
      {after !== undefined && after < 0 && (
        <Alert color="yellow" title="Your balance does not cover the first month">
          Ask the person who runs this server to add balance, then buy the number.
        </Alert>
      )}
      <TextInput
        label="Nickname (optional)"
        description="How your team will recognise it, e.g. Orders line."
        maxLength={50}
        value={nickname}
        onChange={(event) => setNickname(event.currentTarget.value)}
      />
      {buy.isError && (
        <Alert color="red" role="alert" title="The number was not bought">
          <Text size="sm">{describeError(buy.error)}</Text>
          {carrierSaid && (
            <Text size="xs" c="dimmed" mt={4}>
              Twilio said: “{carrierSaid}”
            </Text>
          )}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          Back to the results
        </Button>
        <Button onClick={() => buy.mutate()} loading={buy.isPending}>
          Buy for {formatMonthly(number.price)}
        </Button>
      </Group>
    </Stack>
  );
}
