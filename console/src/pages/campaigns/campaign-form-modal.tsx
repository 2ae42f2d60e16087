import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Group,
  Input,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { AnchorLink } from '../../components/links.js';
import { usePhoneNumbers } from '../assistants/catalog.js';
import {
  type Campaign,
  type CampaignValues,
  campaignRequest,
  campaignValues,
  emptyCampaign,
  fieldOfServerError,
  goalVariables,
  validateCampaign,
  WEEKDAYS,
} from './campaign-form.js';

const assistantsQuery = { queryKey: ['assistants'], queryFn: async () => unwrap(await api.GET('/api/user/assistants')) };

function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function timezones(current: string): string[] {
  let all: string[];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = ['UTC'];
  }
  // The browser's list leaves out some names the server accepts (e.g. "UTC"): keep the current one.
  return all.includes(current) ? all : [current, ...all];
}

/** A new campaign, or a draft or stopped one's settings; the server's words land next to each field. */
export function CampaignFormModal({
  opened,
  onClose,
  campaign,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  /** The campaign to edit; none: a new one. */
  campaign?: Campaign;
  onSaved: (saved: Campaign) => void;
}) {
  const queryClient = useQueryClient();
  const assistants = useQuery(assistantsQuery);
  const numbers = usePhoneNumbers();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<CampaignValues>({
    initialValues: campaign ? campaignValues(campaign) : emptyCampaign(browserTimezone()),
    validate: validateCampaign,
  });
  const values = form.getValues();
  const outbound = (assistants.data ?? []).filter((a) => a.type === 'outbound' || String(a.id) === values.assistant_id);
  const chosen = outbound.find((a) => String(a.id) === values.assistant_id);
  const goals = goalVariables(chosen);
  const zones = useMemo(() => timezones(values.timezone), [values.timezone]);

  const save = useMutation({
    mutationFn: async (body: ReturnType<typeof campaignRequest>) =>
      campaign
        ? unwrap(await api.PUT('/api/user/campaigns/{id}', { params: { path: { id: campaign.id } }, body })).data
        : unwrap(await api.POST('/api/user/campaign', { body })).data,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      queryClient.setQueryData(['campaign', saved.id], { data: saved });
      onSaved(saved);
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (Object.keys(fields).length > 0) {
        form.setErrors(Object.fromEntries(Object.entries(fields).map(([field, message]) => [fieldOfServerError(field), message])));
        setProblem('Some settings need a change: see the messages next to them.');
      } else setProblem(describeError(error));
    },
  });

  const pickAssistant = (id: string | null) => {
    form.setFieldValue('assistant_id', id);
    const assistant = (assistants.data ?? []).find((a) => String(a.id) === id);
    // A new campaign calls in its assistant's time zone unless the person chose another.
    if (assistant && !campaign && !form.isDirty('timezone')) form.setFieldValue('timezone', assistant.timezone);
    if (!goalVariables(assistant).includes(values.goal_completion_variable ?? '')) form.setFieldValue('goal_completion_variable', null);
  };

  const noOutbound = assistants.isSuccess && outbound.length === 0;
  return (
    <Modal opened={opened} onClose={onClose} title={campaign ? `Settings of “${campaign.name}”` : 'New campaign'} size="xl">
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          setProblem(null);
          save.mutate(campaignRequest(v));
        })}
      >
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert" title={campaign ? 'The settings were not saved' : 'The campaign was not created'}>
              {problem}
            </Alert>
          )}
          {noOutbound && (
            <Alert color="yellow" title="No outbound assistant yet">
              <Text size="sm">
                A campaign calls with an assistant that places calls: one whose “What it does” is “Places calls”, with a phone number to
                call from. Create one, or change an assistant, in <AnchorLink to="/assistants">Assistants</AnchorLink>.
              </Text>
            </Alert>
          )}
          <TextInput label="Name" description="Only you see it." required maxLength={255} {...form.getInputProps('name')} />
          <Select
            label="Assistant"
            description="The outbound assistant that talks to each lead."
            required
            searchable
            placeholder={assistants.isPending ? 'Loading assistants…' : assistants.isError ? 'Could not load assistants' : 'Choose one'}
            nothingFoundMessage="No outbound assistant"
            data={outbound.map((a) => ({ value: String(a.id), label: a.name }))}
            {...form.getInputProps('assistant_id')}
            onChange={pickAssistant}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Time zone"
              description="The calling hours are in this zone."
              searchable
              required
              allowDeselect={false}
              data={zones}
              {...form.getInputProps('timezone')}
            />
            <MultiSelect
              label="Call from"
              description="Numbers used in turn; none: the assistant's own."
              searchable
              clearable
              placeholder={
                numbers.isPending ? 'Loading numbers…' : values.phone_number_ids.length === 0 ? "The assistant's number" : undefined
              }
              nothingFoundMessage="No number in your account"
              data={(numbers.data?.data ?? []).map((n) => ({
                value: String(n.id),
                label: n.nickname ? `${n.phone_number} · ${n.nickname}` : n.phone_number,
              }))}
              {...form.getInputProps('phone_number_ids')}
            />
            <TimeInput label="Calls from" required {...form.getInputProps('allowed_hours_start_time')} />
            <TimeInput
              label="Calls until"
              description="Earlier than the start: the window ends the next day."
              required
              {...form.getInputProps('allowed_hours_end_time')}
            />
          </SimpleGrid>
          <Input.Wrapper label="On these days" required error={form.errors.allowed_days}>
            <Chip.Group multiple value={values.allowed_days} onChange={(days) => form.setFieldValue('allowed_days', days)}>
              <Group gap={6} mt={4} role="group" aria-label="Days">
                {WEEKDAYS.map((day) => (
                  <Chip key={day} value={day} size="sm">
                    {day.charAt(0).toUpperCase() + day.slice(1, 3)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
          <Text size="xs" c="dimmed">
            Whatever these hours say, no lead is called before 08:00 or after 21:00 in its own time zone, nor more than 3 times a day.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label="Calls at once"
              description="From 1 to 10."
              min={1}
              max={10}
              required
              {...form.getInputProps('max_calls_in_parallel')}
            />
            <NumberInput
              label="Attempts per number"
              description="Before trying the next contact."
              min={1}
              max={5}
              required
              {...form.getInputProps('max_retries')}
            />
            <NumberInput
              label="Minutes between attempts"
              description="From 10 minutes to 3 days."
              min={10}
              max={4320}
              step={10}
              required
              {...form.getInputProps('retry_interval')}
            />
          </SimpleGrid>
          <Text size="sm" fw={500}>
            Call again when
          </Text>
          <Text size="xs" c="dimmed" mt={-8}>
            No answer, busy and failed calls are always tried again.
          </Text>
          <Checkbox label="A voicemail answered" {...form.getInputProps('retry_on_voicemail', { type: 'checkbox' })} />
          <Checkbox
            label="The call did not meet its goal"
            disabled={!chosen}
            {...form.getInputProps('retry_on_goal_incomplete', { type: 'checkbox' })}
          />
          {values.retry_on_goal_incomplete &&
            (goals.length === 0 ? (
              <Alert color="yellow" role="alert">
                <Text size="sm">
                  The assistant fills in no yes/no answer after its calls to tell whether the goal was met. Add one (for example
                  “order_placed”, Yes or no) in its settings under “Results and evaluation”, then choose it here.
                </Text>
              </Alert>
            ) : (
              <Select
                label="Goal met when this answer is yes"
                description="One of the yes/no answers the assistant fills in after each call."
                required
                data={goals}
                {...form.getInputProps('goal_completion_variable')}
              />
            ))}
          <Checkbox
            label="Mark the campaign finished when every lead is done"
            {...form.getInputProps('mark_complete_when_no_leads', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={noOutbound}>
              {campaign ? 'Save settings' : 'Create campaign'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
