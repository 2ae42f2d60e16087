import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  NumberInput,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { documentTypeOf, uploadDocument } from './upload.js';
import { RequireRole } from '../../shell/role.js';

const DOC_COLORS: Record<string, string> = { active: 'teal.9', processing: 'blue.9', failed: 'red.9' };
const DOC_WORDS: Record<string, string> = { active: 'Ready', processing: 'Reading…', failed: 'Failed' };
const POLL_MS = 2_000;
const KINDS: Record<string, string> = { website: 'Website', pdf: 'PDF', docx: 'Word', txt: 'Text' };

/** One knowledge base: its documents as they are read, adding files and websites, and a trial search. */
export function KnowledgeBasePanel({ knowledgeBase }: { knowledgeBase: { id: number; name: string } }) {
  const queryClient = useQueryClient();
  const id = knowledgeBase.id;
  const documents = useQuery({
    queryKey: ['knowledge-documents', id],
    queryFn: async () => unwrap(await api.GET('/api/user/knowledgebases/{id}/documents', { params: { path: { id } } })),
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'processing') ? POLL_MS : false),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['knowledge-documents', id] }),
      queryClient.invalidateQueries({ queryKey: ['knowledgebases'] }),
    ]);

  const [progress, setProgress] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const type = documentTypeOf(file.name);
      if (!type) throw new Error(`“${file.name}” is not a PDF, Word (.docx) or text file.`);
      setProgress(0);
      return uploadDocument(id, file, type, setProgress);
    },
    onSettled: async () => {
      setProgress(null);
      await refresh();
    },
  });

  const [url, setUrl] = useState('');
  const [pages, setPages] = useState<number | string>(10);
  const website = useMutation({
    mutationFn: async () => {
      const host = (() => {
        try {
          return new URL(url).host;
        } catch {
          return url;
        }
      })();
      return unwrap(
        await api.POST('/api/user/knowledgebases/{id}/documents', {
          params: { path: { id } },
          body: { name: host.slice(0, 255), type: 'website', url, relative_links_limit: Number(pages) || 10 },
        }),
      );
    },
    onSuccess: async () => {
      setUrl('');
      await refresh();
    },
  });

  const [question, setQuestion] = useState('');
  const [asked, setAsked] = useState('');
  const search = useQuery({
    queryKey: ['knowledge-search', id, asked],
    queryFn: async () =>
      unwrap(await api.GET('/api/user/knowledgebases/{id}/search', { params: { path: { id }, query: { q: asked, limit: 5 } } })),
    enabled: asked !== '',
  });

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          {knowledgeBase.name}
        </Title>

        <section aria-label="Documents">
          <Title order={3} size="h5" mb={4}>
            Documents
          </Title>
          <QueryState query={documents} label="the documents">
            {(result) =>
              result.data.length === 0 ? (
                <Text size="sm">Nothing here yet: upload a file or add a website below.</Text>
              ) : (
                <Table.ScrollContainer minWidth={480}>
                  <Table verticalSpacing={4}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Name</Table.Th>
                        <Table.Th scope="col">Kind</Table.Th>
                        <Table.Th scope="col">State</Table.Th>
                        <Table.Th scope="col" ta="right">
                          Passages
                        </Table.Th>
                        <Table.Th scope="col">Added</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.data.map((d) => (
                        <Table.Tr key={d.id}>
                          <Table.Td>
                            {d.name}
                            {d.url && (
                              <Text size="xs" c="dimmed">
                                {d.url}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>{KINDS[d.type] ?? d.type_label}</Table.Td>
                          <Table.Td>
                            <Badge variant={d.status === 'active' ? 'filled' : 'outline'} color={DOC_COLORS[d.status]}>
                              {DOC_WORDS[d.status] ?? d.status_label}
                            </Badge>
                            {d.status === 'failed' && d.failure_reason && (
                              <Text size="xs" c="red.9">
                                {d.failure_reason}
                              </Text>
                            )}
                            {d.status === 'processing' && d.type === 'website' && (
                              <Text size="xs" c="dimmed">
                                Visiting up to {1 + (d.relative_links_limit ?? 10)} pages…
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td ta="right">{d.status === 'active' ? d.chunks_count : '—'}</Table.Td>
                          <Table.Td>{formatDateTime(d.created_at)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )
            }
          </QueryState>
        </section>

        <RequireRole atLeast="editor">
          <Group align="flex-start" gap="xl" wrap="wrap">
            <Stack gap={6} miw={260}>
              <Title order={3} size="h5">
                Upload a file
              </Title>
              <Text size="xs" c="dimmed">
                PDF, Word (.docx) or text, up to 20 MB.
              </Text>
              <FileButton onChange={(file) => file && upload.mutate(file)} accept=".pdf,.docx,.txt,.md,application/pdf,text/plain">
                {(props) => (
                  <Button {...props} variant="default" loading={upload.isPending}>
                    Choose a file…
                  </Button>
                )}
              </FileButton>
              {progress !== null && <Progress value={progress * 100} aria-label="Upload progress" size="sm" />}
              {upload.isError && (
                <Alert color="red" variant="light" role="alert">
                  {describeError(upload.error)}
                </Alert>
              )}
            </Stack>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (url.trim()) website.mutate();
              }}
            >
              <Stack gap={6} miw={260}>
                <Title order={3} size="h5">
                  Add a website
                </Title>
                <Group align="flex-end" gap="xs" wrap="wrap">
                  <TextInput
                    label="Page address"
                    placeholder="https://www.example.com/faq"
                    type="url"
                    value={url}
                    onChange={(e) => setUrl(e.currentTarget.value)}
                    w={260}
                  />
                  <NumberInput label="Linked pages to read too" min={0} max={50} value={pages} onChange={setPages} w={200} />
                  <Button type="submit" variant="default" loading={website.isPending} disabled={!url.trim()}>
                    Add
                  </Button>
                </Group>
                {website.isError && (
                  <Alert color="red" variant="light" role="alert">
                    {describeError(website.error)}
                  </Alert>
                )}
              </Stack>
            </form>
          </Group>
        </RequireRole>

        <section aria-label="Try a question">
          <Title order={3} size="h5" mb={4}>
            Try a question
          </Title>
          <Text size="xs" c="dimmed" mb={6}>
            See the passages an assistant would read to answer it.
          </Text>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setAsked(question.trim());
            }}
          >
            <Group align="flex-end" gap="xs">
              <TextInput
                label="Question"
                placeholder="When do you open on Saturday?"
                value={question}
                onChange={(e) => setQuestion(e.currentTarget.value)}
                w={360}
                maxLength={500}
              />
              <Button type="submit" variant="default" disabled={!question.trim()}>
                Search
              </Button>
            </Group>
          </form>
          {asked !== '' && (
            <QueryState query={search} label="the passages">
              {(result) =>
                result.data.length === 0 ? (
                  <Text size="sm" mt="xs">
                    Nothing in this knowledge base matches.
                  </Text>
                ) : (
                  <Stack gap="xs" mt="xs" component="ol" aria-label="Passages found" style={{ listStyle: 'none', padding: 0 }}>
                    {result.data.map((p, index) => (
                      <li key={index}>
                        <Paper withBorder p="xs">
                          <Text size="xs" c="dimmed">
                            {p.document_name}
                            {p.heading ? ` › ${p.heading}` : ''} · match {Math.round(p.score * 100)}%
                          </Text>
                          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                            {p.content}
                          </Text>
                          {p.url && (
                            <Anchor href={p.url} size="xs" target="_blank" rel="noreferrer">
                              {p.url}
                            </Anchor>
                          )}
                        </Paper>
                      </li>
                    ))}
                  </Stack>
                )
              }
            </QueryState>
          )}
        </section>
      </Stack>
    </Paper>
  );
}
