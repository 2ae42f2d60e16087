import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { assistantListQuery, assistantQuery } from '../../api/queries.js';
import type { Assistant, PatchAssistantRequest } from '../../api/types.js';
import { useReportUnsavedChanges } from './unsaved-changes.js';
import { RequireRole } from '../../shell/role.js';

export type SettingsValues = Record<string, unknown>;

/**
 * The server's field errors placed on this group's fields ("post_call_schema.0.name" lands on
 * that row's name); whatever names a field this group does not show is returned for an alert.
 */
export function placeGroupErrors(
  fieldErrors: Record<string, string>,
  fields: readonly string[],
): { onFields: Record<string, string>; elsewhere: string[] } {
  const onFields: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [path, message] of Object.entries(fieldErrors)) {
    const top = path.split('.')[0]!;
    if (fields.includes(top)) onFields[path] ??= besideField(message);
    else elsewhere.push(message);
  }
  return { onFields, elsewhere };
}

/**
 * A message shown under its field need not name it, and the API's name of a nested field
 * ("tools.0.phone number") means nothing to a person: "This field must be ...".
 */
export function besideField(message: string): string {
  return message
    .replace(/^The [\w .]+? field\b/, 'This field')
    .replace('a valid phone number in E.164 format', 'a phone number with its country code, like +14155550123');
}

/** An emptied number input ('') means "not set": the API's null. */
export function requestOf(values: SettingsValues): PatchAssistantRequest {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === '' ? null : value])) as PatchAssistantRequest;
}

/** The assistant's values of the given fields, as the form starts with them. */
export function pickFields(assistant: Assistant, fields: readonly string[]): SettingsValues {
  const source = assistant as unknown as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, source[field] ?? null]));
}

/** Where the server's field errors go: on the form's fields, or in an alert above them. */
export type PlaceErrors = (fieldErrors: Record<string, string>) => { onFields: Record<string, string>; elsewhere: string[] };

/**
 * One group of the editor: its own form over some of the assistant's fields, saved with one
 * PATCH that sends only those fields (the others stay as they are), with the server's errors
 * next to the fields they name. After a save the form shows the assistant as the server stored
 * it (phone numbers in E.164, defaults filled in), read again right after the PATCH, whose answer
 * carries only the summary (spec 2.6); unsaved changes are reported to the editor's guard.
 */
export function SettingsGroup<V extends SettingsValues>({
  assistant,
  fields,
  initial,
  toRequest = requestOf,
  validate,
  placeErrors,
  children,
}: {
  assistant: Assistant;
  fields: readonly string[];
  initial?: (assistant: Assistant) => V;
  toRequest?: (values: V) => PatchAssistantRequest;
  validate?: (values: V) => Record<string, string>;
  placeErrors?: PlaceErrors;
  children: (form: UseFormReturnType<V>) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const [elsewhere, setElsewhere] = useState<string[]>([]);
  const valuesOf = (record: Assistant) => (initial ? initial(record) : (pickFields(record, fields) as V));
  const form = useForm<V>({ initialValues: valuesOf(assistant), validate });
  useReportUnsavedChanges(form.isDirty());
  const save = useMutation({
    mutationFn: async (values: V) => {
      unwrap(await api.PATCH('/api/user/assistant/{id}', { params: { path: { id: assistant.id } }, body: toRequest(values) }));
      // Saved. Should reading it back fail, the form keeps what was sent.
      return queryClient.fetchQuery({ ...assistantQuery(assistant.id), staleTime: 0 }).catch(() => null);
    },
    onSuccess: async (stored) => {
      form.setInitialValues(stored ? valuesOf(stored) : form.getValues());
      form.reset();
      notifications.show({ color: 'green', message: 'Saved. Calls and chats that start from now on use these settings.' });
      await queryClient.invalidateQueries({ queryKey: assistantListQuery.queryKey, exact: true });
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const placed = (placeErrors ?? ((errors) => placeGroupErrors(errors, fields)))(error.fieldErrors);
        form.setErrors(placed.onFields);
        setElsewhere(Object.keys(error.fieldErrors).length > 0 ? placed.elsewhere : [error.message]);
      } else setElsewhere([describeError(error)]);
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => {
        setElsewhere([]);
        form.clearErrors();
        save.mutate(values);
      })}
      noValidate
    >
      <Stack>
        {elsewhere.length > 0 && (
          <Alert color="red" role="alert" title="Not saved">
            {elsewhere.map((message) => (
              <Text size="sm" key={message}>
                {message}
              </Text>
            ))}
          </Alert>
        )}
        <RequireRole atLeast="editor" mode="disable">
          {children(form)}
        </RequireRole>
        <RequireRole atLeast="editor">
          <Group justify="flex-end">
            <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
              Undo changes
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </RequireRole>
      </Stack>
    </form>
  );
}
