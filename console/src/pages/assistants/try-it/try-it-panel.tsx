import { Accordion, Alert, Button, Code, Group, Paper, ScrollArea, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../../api/errors.js';
import type { Assistant } from '../../../api/types.js';
import { sendAndStream, startTestConversation, type FunctionCall } from './chat-session.js';
import { VoiceTest } from './voice-test.js';

interface Turn {
  role: 'user' | 'assistant';
  text: string;
  functionCalls: FunctionCall[];
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const WRAP = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** What a built-in function did, in words; the account's own tools by their name. */
const DID: Record<string, string> = {
  search_knowledge_base: 'Looked in the knowledge base',
  check_calendar_availability: 'Checked the calendar for free times',
  book_appointment: 'Booked an appointment',
  transfer_to_assistant: 'Passed the chat to another assistant',
  end_conversation: 'Ended the chat',
};
export const functionCallTitle = (name: string) => DID[name] ?? `Used the tool “${name}”`;

function FunctionCalls({ calls }: { calls: FunctionCall[] }) {
  if (calls.length === 0) return null;
  return (
    <Accordion variant="contained" chevronPosition="left" mt={4}>
      {calls.map((call, index) => (
        <Accordion.Item value={String(index)} key={index}>
          <Accordion.Control>
            <Text size="sm">{functionCallTitle(call.name)}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text size="xs" c="dimmed">
              Function {call.name}
            </Text>
            <Text size="xs" fw={600}>
              Asked with
            </Text>
            <Code block style={WRAP}>
              {pretty(call.arguments)}
            </Code>
            <Text size="xs" fw={600} mt="xs">
              Got back
            </Text>
            <Code block style={WRAP}>
              {pretty(call.result)}
            </Code>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** Try the assistant: a free test chat (replies as they are written) and a test call. */
export function TryItPanel({ assistant }: { assistant: Assistant }) {
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const conversation = useRef<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  // The newest words in view as they arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the turns changed; it reads the DOM, not them
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [turns]);

  const updateLast = (change: (turn: Turn) => Turn) => setTurns((all) => [...all.slice(0, -1), change(all[all.length - 1]!)]);

  async function send() {
    const message = draft.trim();
    if (!message || sending) return;
    setSending(true);
    setError(null);
    setDraft('');
    setTurns((all) => [...all, { role: 'user', text: message, functionCalls: [] }, { role: 'assistant', text: '', functionCalls: [] }]);
    try {
      conversation.current ??= await startTestConversation(assistant.uuid);
      setConversationId(conversation.current);
      const reply = await sendAndStream(conversation.current, message, {
        onToken: (text) => updateLast((turn) => ({ ...turn, text: turn.text + text })),
        onFunctionCall: (call) => updateLast((turn) => ({ ...turn, functionCalls: [...turn.functionCalls, call] })),
      });
      // The finished reply is the truth (the streamed pieces add up to it).
      updateLast((turn) => ({ ...turn, text: reply.message }));
    } catch (failure) {
      setTurns((all) => (all[all.length - 1]?.text === '' ? all.slice(0, -1) : all));
      setError(describeError(failure));
    } finally {
      setSending(false);
    }
  }

  function restart() {
    conversation.current = null;
    setConversationId(null);
    setTurns([]);
    setError(null);
  }

  return (
    <Paper withBorder p="md" component="aside" aria-labelledby="try-it-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="try-it-title">
            Try it
          </Title>
          {conversationId && (
            <Button size="xs" variant="subtle" onClick={restart}>
              New chat
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Free test chats with the saved settings (save first to try a change). They are listed under Conversations as “Test”.
        </Text>
        <ScrollArea.Autosize mah={420} type="auto" scrollbars="y" viewportRef={viewport}>
          <Stack gap="xs" role="log" aria-label="Test chat" aria-live="polite">
            {turns.length === 0 && (
              <Text size="sm" c="dimmed">
                Write a message as a customer would, e.g. “Are you open on Sunday?”
              </Text>
            )}
            {turns.map((turn, index) => (
              <Paper
                key={index}
                p="xs"
                radius="md"
                style={WRAP}
                bg={turn.role === 'user' ? 'blue.0' : 'gray.1'}
                ml={turn.role === 'user' ? 'lg' : 0}
                mr={turn.role === 'assistant' ? 'lg' : 0}
              >
                <Text size="xs" fw={600} c="dimmed">
                  {turn.role === 'user' ? 'You' : assistant.name}
                </Text>
                <Text size="sm" style={WRAP}>
                  {turn.text || (sending && index === turns.length - 1 ? '…' : '')}
                </Text>
                <FunctionCalls calls={turn.functionCalls} />
              </Paper>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {error && (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Your message"
              autosize
              minRows={1}
              maxRows={5}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  void send();
                }
              }}
            />
            <Button type="submit" loading={sending} disabled={!draft.trim()}>
              Send
            </Button>
          </Stack>
        </form>
        <VoiceTest assistant={assistant} />
      </Stack>
    </Paper>
  );
}
