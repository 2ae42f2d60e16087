import { Alert, Button, Checkbox, Group, Modal, PasswordInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { assistantListQuery } from '../../api/queries.js';
import { ExplainedAlert } from './explained-alert.js';
import { connectErrorInWords, type Explained } from './sender-words.js';

interface ConnectValues {
  platform: 'cloud_api' | 'simulator';
  display_name: string;
  phone_number: string;
  phone_number_id: string;
  waba_id: string;
  access_token: string;
  assistant_id: string | null;
  voice_calling_enabled: boolean;
}

const EMPTY: ConnectValues = {
  platform: 'cloud_api',
  display_name: '',
  phone_number: '',
  phone_number_id: '',
  waba_id: '',
  access_token: '',
  assistant_id: null,
  voice_calling_enabled: false,
};

const required = (what: string) => (value: string) => (value.trim() ? null : `Enter ${what}.`);

/** The request for these values: the Meta fields only for a real number. */
function connectRequest(values: ConnectValues) {
  const cloud = values.platform === 'cloud_api';
  return {
    platform: values.platform,
    display_name: values.display_name.trim(),
    phone_number: values.phone_number.trim(),
    ...(cloud
      ? { phone_number_id: values.phone_number_id.trim(), waba_id: values.waba_id.trim(), access_token: values.access_token.trim() }
      : {}),
    assistant_id: values.assistant_id ? Number(values.assistant_id) : null,
    voice_calling_enabled: values.voice_calling_enabled,
  };
}

/**
 * Connects a WhatsApp Business number (or a practice number that needs no Meta account). Meta is
 * asked whether the token holds the number before anything is saved; a refusal is explained in
 * words, with what Meta said.
 */
export function ConnectSenderModal({
  opened,
  onClose,
  onConnected,
}: {
  opened: boolean;
  onClose: () => void;
  onConnected: (id: number) => void;
}) {
  const queryClient = useQueryClient();
  const assistants = useQuery(assistantListQuery);
  const [explained, setExplained] = useState<Explained | null>(null);
  const [other, setOther] = useState<string | null>(null);
  const form = useForm<ConnectValues>({
    initialValues: EMPTY,
    validate: {
      display_name: required('a name your team recognises'),
      phone_number: required('the number, with its country code'),
      phone_number_id: (value, values) => (values.platform === 'cloud_api' ? required('the phone number ID')(value) : null),
      waba_id: (value, values) => (values.platform === 'cloud_api' ? required('the WhatsApp Business Account ID')(value) : null),
      access_token: (value, values) => (values.platform === 'cloud_api' ? required('the access token')(value) : null),
    },
  });
  const cloud = form.getValues().platform === 'cloud_api';
  const connect = useMutation({
    mutationFn: async (values: ConnectValues) => unwrap(await api.POST('/api/user/chatapp/senders', { body: connectRequest(values) })).data,
    onSuccess: async (sender) => {
      await queryClient.invalidateQueries({ queryKey: ['chatapp-senders'] });
      form.reset();
      onConnected(sender.id);
    },
    onError: (error, values) => {
      const inWords = connectErrorInWords(error, { phoneNumberId: values.phone_number_id.trim(), wabaId: values.waba_id.trim() });
      setExplained(inWords);
      if (inWords) return;
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) form.setErrors(error.fieldErrors);
      else setOther(describeError(error));
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Connect a number" size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setExplained(null);
          setOther(null);
          connect.mutate(values);
        })}
      >
        <Stack>
          <SegmentedControl
            aria-label="Kind of number"
            data={[
              { value: 'cloud_api', label: 'WhatsApp Business number' },
              { value: 'simulator', label: 'Practice number' },
            ]}
            key={form.key('platform')}
            {...form.getInputProps('platform')}
          />
          <Text size="sm" c="dimmed">
            {cloud ? (
              <>
                Your number on the WhatsApp Business Platform (Cloud API). The IDs are in Meta&apos;s WhatsApp Manager under API Setup; the
                token is a system user&apos;s, from Meta Business Settings. Meta is asked to confirm the number is yours before it is
                connected.
              </>
            ) : (
              'A number that exists only here, to try your assistant: you play the customer. No Meta account is needed.'
            )}
          </Text>
          {explained && <ExplainedAlert explained={explained} heading="The number was not connected" />}
          {other && (
            <Alert color="red" role="alert" title="The number was not connected">
              {other}
            </Alert>
          )}
          <TextInput
            label="Name"
            description="How your team will recognise it, e.g. Shop WhatsApp."
            required
            key={form.key('display_name')}
            {...form.getInputProps('display_name')}
          />
          <TextInput
            label="Phone number"
            description="With the country code, e.g. +40 711 000 111."
            required
            key={form.key('phone_number')}
            {...form.getInputProps('phone_number')}
          />
          {cloud && (
            <>
              <TextInput
                label="Phone number ID"
                required
                inputMode="numeric"
                key={form.key('phone_number_id')}
                {...form.getInputProps('phone_number_id')}
              />
              <TextInput
                label="WhatsApp Business Account ID"
                required
                inputMode="numeric"
                key={form.key('waba_id')}
                {...form.getInputProps('waba_id')}
              />
              <PasswordInput
                label="Access token"
                description="Stored encrypted and never shown again."
                required
                autoComplete="off"
                key={form.key('access_token')}
                {...form.getInputProps('access_token')}
              />
            </>
          )}
          <Select
            label="Assistant that answers"
            description="Answers customers who write to this number. You can choose later."
            placeholder="No assistant yet"
            clearable
            data={(assistants.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            key={form.key('assistant_id')}
            {...form.getInputProps('assistant_id')}
          />
          <Checkbox
            label="Customers can call this number, and the assistant can call them"
            key={form.key('voice_calling_enabled')}
            {...form.getInputProps('voice_calling_enabled', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={connect.isPending}>
              {cloud ? 'Check with Meta and connect' : 'Create practice number'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
