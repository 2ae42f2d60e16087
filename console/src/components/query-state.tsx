import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describeError } from '../api/errors.js';

/** A query's loading spinner, or its error in words with a retry, or its content. */
export function QueryState<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading {label}…
        </Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" title={`Could not load ${label}`} role="alert">
        <Text size="sm" mb="xs">
          {describeError(query.error)}
        </Text>
        <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
