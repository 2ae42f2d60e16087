import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { assistantListQuery } from '../../api/queries.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { besideField } from '../assistants/settings-group.js';
import { UnsavedChangesGuard, useReportUnsavedChanges } from '../assistants/unsaved-changes.js';
import { ToolFields } from './tool-fields.js';
import { emptyTool, toolRequest, toolValues, validateTool, type Tool, type ToolValues } from './tool-form.js';
import { ToolTestPanel } from './tool-test-panel.js';
import { RequireRole } from '../../shell/role.js';

const toolQuery = (id: number) => ({
  queryKey: ['tools', id] as const,
  queryFn: async () => unwrap(await api.GET('/api/user/tools/{id}', { params: { path: { id } } })).data,
});

/** A new tool: once created, its page opens, where it can be tested. */
export function NewToolPage() {
  const navigate = useNavigate();
  return (
    <RequireRole atLeast="editor" mode="page" what="a new tool">
      <Stack gap="md" maw={960}>
        <AnchorLink to="/tools" size="sm">
          ← All tools
        </AnchorLink>
        <Title order={1} size="h2">
          New tool
        </Title>
        <UnsavedChangesGuard what="the new tool">
          {/* Saved: nothing is left to lose, whatever the guard last heard. */}
          <ToolForm
            tool={null}
            onSaved={(saved) => void navigate({ to: '/tools/$toolId', params: { toolId: saved.id }, ignoreBlocker: true })}
          />
        </UnsavedChangesGuard>
      </Stack>
    </RequireRole>
  );
}

/** One tool: its settings, a test request against the saved version, and deleting it. */
export function ToolEditorPage() {
  const { toolId } = useParams({ from: '/signed-in/tools/$toolId' });
  const tool = useQuery(toolQuery(toolId));
  const [dirty, setDirty] = useState(false);
  return (
    <Stack gap="md" maw={960}>
      <AnchorLink to="/tools" size="sm">
        ← All tools
      </AnchorLink>
      <QueryState query={tool} label="the tool">
        {(record) => (
          <UnsavedChangesGuard what={`“${record.name}”`}>
            <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
              {record.name}
            </Title>
            <ToolForm key={record.updated_at} tool={record} onDirty={setDirty} />
            <RequireRole atLeast="editor">
              <ToolTestPanel tool={record} unsaved={dirty} />
              <DeleteTool tool={record} />
            </RequireRole>
          </UnsavedChangesGuard>
        )}
      </QueryState>
    </Stack>
  );
}

function ToolForm({ tool, onSaved, onDirty }: { tool: Tool | null; onSaved?: (tool: Tool) => void; onDirty?: (dirty: boolean) => void }) {
  const queryClient = useQueryClient();
  const [elsewhere, setElsewhere] = useState<string | null>(null);
  const form = useForm<ToolValues>({
    initialValues: tool ? toolValues(tool) : emptyTool(),
    validate: validateTool,
  });
  const dirty = form.isDirty();
  useReportUnsavedChanges(dirty);
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  const save = useMutation({
    mutationFn: async (values: ToolValues) => {
      const body = toolRequest(values);
      return tool
        ? unwrap(await api.PUT('/api/user/tools/{id}', { params: { path: { id: tool.id } }, body })).data
        : unwrap(await api.POST('/api/user/tools', { body })).data;
    },
    onSuccess: async (saved) => {
      form.setInitialValues(toolValues(saved));
      form.reset();
      queryClient.setQueryData(['tools', saved.id], saved);
      await queryClient.invalidateQueries({ queryKey: ['tools'], exact: true });
      notifications.show({
        color: 'green',
        message: tool
          ? 'Saved. Assistants use the new settings from their next chat or call.'
          : 'Tool created. Send it a test request below.',
      });
      onSaved?.(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, message]) => [field, besideField(message)])));
      } else setElsewhere(describeError(error));
    },
  });

  return (
    <Paper withBorder p="md" component="section" aria-label="Tool settings">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setElsewhere(null);
          save.mutate(values);
        })}
      >
        <Stack>
          {elsewhere && (
            <Alert color="red" role="alert" title="Not saved">
              {elsewhere}
            </Alert>
          )}
          <RequireRole atLeast="editor" mode="disable">
            <ToolFields form={form} />
          </RequireRole>
          <RequireRole atLeast="editor">
            <Group justify="flex-end">
              {tool && (
                <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
                  Undo changes
                </Button>
              )}
              <Button type="submit" loading={save.isPending}>
                {tool ? 'Save' : 'Create tool'}
              </Button>
            </Group>
          </RequireRole>
        </Stack>
      </form>
    </Paper>
  );
}

function DeleteTool({ tool }: { tool: Tool }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const assistants = useQuery(assistantListQuery);
  const [confirming, setConfirming] = useState(false);
  const users = (assistants.data ?? []).filter((a) => a.tool_ids.includes(tool.id));
  const remove = useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/user/tools/{id}', { params: { path: { id: tool.id } } })),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `${tool.name} is deleted.` });
      await navigate({ to: '/tools' });
      queryClient.removeQueries({ queryKey: ['tools', tool.id] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tools'] }),
        queryClient.invalidateQueries({ queryKey: ['assistants'] }),
      ]);
    },
  });
  return (
    <Group justify="flex-end">
      <Button color="red" variant="light" onClick={() => setConfirming(true)}>
        Delete this tool
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={`Delete ${tool.name}?`}
        confirmLabel="Delete tool"
        cancelLabel="Keep it"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
      >
        <Text size="sm">
          {users.length > 0
            ? `${users.map((a) => a.name).join(', ')} ${users.length === 1 ? 'uses' : 'use'} it and will no longer be able to. `
            : 'No assistant uses it. '}
          This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Group>
  );
}
