import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client.js';
import { modelTypeFor } from './assistant-labels.js';

type Mode = 'pipeline' | 'multimodal' | 'dualplex';
const CATALOG_STALE_MS = 5 * 60_000;

/** The catalog pickers: languages, voices for a mode and language, models for a mode. */
export function useLanguages() {
  return useQuery({
    queryKey: ['catalog', 'languages'],
    queryFn: async () => unwrap(await api.GET('/api/user/assistants/languages')),
    staleTime: CATALOG_STALE_MS,
  });
}

export function useVoices(mode: string, languageId: number | null) {
  return useQuery({
    queryKey: ['catalog', 'voices', mode, languageId],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/user/assistants/voices', {
          params: { query: { mode: mode as Mode, ...(languageId ? { language_id: languageId } : {}) } },
        }),
      ),
    staleTime: CATALOG_STALE_MS,
  });
}

export function useModels(mode: string) {
  return useQuery({
    queryKey: ['catalog', 'models', modelTypeFor(mode)],
    queryFn: async () => unwrap(await api.GET('/api/user/assistants/models', { params: { query: { type: modelTypeFor(mode) } } })),
    staleTime: CATALOG_STALE_MS,
  });
}

/** Speech providers for a language, each with whether this server can use it and why not. */
export function useSpeechProviders(kind: 'synthesizer' | 'transcriber', languageId: number) {
  return useQuery({
    queryKey: ['catalog', kind, languageId],
    queryFn: async () =>
      unwrap(
        kind === 'synthesizer'
          ? await api.GET('/api/user/assistants/synthesizer-providers', { params: { query: { language_id: languageId } } })
          : await api.GET('/api/user/assistants/transcriber-providers', { params: { query: { language_id: languageId } } }),
      ),
    staleTime: CATALOG_STALE_MS,
  });
}

/** The account's folders, labels and phone numbers, for the Basics pickers and the list's filters. */
export function useFolders() {
  return useQuery({
    queryKey: ['folders', 'all'],
    queryFn: async () => unwrap(await api.GET('/api/user/folders', { params: { query: { per_page: 100 } } })),
  });
}

export function useLabels() {
  return useQuery({
    queryKey: ['labels', 'all'],
    queryFn: async () => unwrap(await api.GET('/api/user/labels', { params: { query: { per_page: 100 } } })),
  });
}

export function usePhoneNumbers() {
  return useQuery({
    queryKey: ['phone-numbers', 'all'],
    queryFn: async () => unwrap(await api.GET('/api/user/phone-numbers/all')),
  });
}
