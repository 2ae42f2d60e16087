import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { api, unwrap } from '../../api/client.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { CallDetails } from './call-details.js';
import { LIVE_STATUSES } from './call-facts.js';

/** How often a call that has not ended is read again. */
const LIVE_POLL_MS = 3_000;

/** One call on its own page, at /app/calls/{id}: a link that works after a reload or from elsewhere. */
export function CallPage() {
  const { callId } = useParams({ from: '/signed-in/calls/$callId' });
  const call = useQuery({
    queryKey: ['calls', 'one', callId],
    queryFn: async () => unwrap(await api.GET('/api/user/calls/{id}', { params: { path: { id: callId } } })),
    refetchInterval: (query) => (query.state.data && LIVE_STATUSES.has(query.state.data.status) ? LIVE_POLL_MS : false),
  });
  return (
    <Stack gap="md" maw={1000}>
      <AnchorLink to="/calls" size="sm">
        ← All calls
      </AnchorLink>
      <QueryState query={call} label="the call">
        {(record) => <CallDetails call={record} />}
      </QueryState>
    </Stack>
  );
}
