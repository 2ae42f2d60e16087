import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/errors.js';

/** A 4xx answer will not change by asking again; a lost connection or a 5xx might. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});
