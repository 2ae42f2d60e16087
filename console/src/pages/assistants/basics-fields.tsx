import { MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { MODE_OPTIONS, TYPE_OPTIONS } from './assistant-labels.js';
import type { BasicsValues } from './basics-form.js';
import { VariablesFields } from './variables-fields.js';
import { useFolders, useLabels, useLanguages, useModels, usePhoneNumbers, useVoices } from './catalog.js';

function timezones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/** Name, kind, mode, languages, voice, model, timezone, number, folder, labels, greeting and instructions. */
export function BasicsFields({ form }: { form: UseFormReturnType<BasicsValues> }) {
  const { mode, language_id: languageId } = form.getValues();
  const languages = useLanguages();
  const voices = useVoices(mode, languageId ? Number(languageId) : null);
  const models = useModels(mode);
  const folders = useFolders();
  const labels = useLabels();
  const numbers = usePhoneNumbers();
  const { timezone } = form.getValues();
  // The browser's list leaves out some names the server accepts (e.g. "UTC"): keep the current one.
  const zones = useMemo(() => {
    const all = timezones();
    return all.includes(timezone) ? all : [timezone, ...all];
  }, [timezone]);

  // A voice or model of another mode (a voice of another language) does not fit the new choice.
  // Cleared on the person's pick only: a watch would also fire on "Undo changes" (form.reset)
  // and empty the restored voice and model.
  const modeInput = form.getInputProps('mode');
  const languageInput = form.getInputProps('language_id');
  const pickMode = (value: string | null) => {
    if (value === form.getValues().mode) return;
    modeInput.onChange(value);
    form.setFieldValue('voice_id', null);
    form.setFieldValue('model_id', null);
  };
  const pickLanguage = (value: string | null) => {
    if (value === form.getValues().language_id) return;
    languageInput.onChange(value);
    form.setFieldValue('voice_id', null);
  };

  const loading = (query: { isPending: boolean; isError: boolean }, what: string) =>
    query.isPending ? `Loading ${what}…` : query.isError ? `Could not load ${what}` : `Choose ${what}`;

  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        description="Only you see it, e.g. “Front desk”."
        required
        maxLength={255}
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="What it does"
          data={TYPE_OPTIONS}
          allowDeselect={false}
          required
          key={form.key('type')}
          {...form.getInputProps('type')}
        />
        <Select
          label="Voice engine"
          description="Standard: any voice, speech turned to text and back. Realtime: one model listens and speaks, faster."
          data={MODE_OPTIONS}
          allowDeselect={false}
          required
          key={form.key('mode')}
          {...modeInput}
          onChange={pickMode}
        />
        <Select
          label="Language"
          searchable
          required
          placeholder={loading(languages, 'a language')}
          data={(languages.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
          key={form.key('language_id')}
          {...languageInput}
          onChange={pickLanguage}
        />
        <Select
          label="Voice"
          searchable
          required
          placeholder={loading(voices, 'a voice')}
          nothingFoundMessage="No voice for this language and engine"
          data={(voices.data ?? []).map((v) => ({ value: String(v.id), label: [v.name, v.gender, v.accent].filter(Boolean).join(' · ') }))}
          key={form.key('voice_id')}
          {...form.getInputProps('voice_id')}
        />
        <Select
          label="AI model"
          searchable
          required
          placeholder={loading(models, 'a model')}
          data={(models.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
          key={form.key('model_id')}
          {...form.getInputProps('model_id')}
        />
        <Select
          label="Time zone"
          description="For dates and times it says."
          searchable
          required
          data={zones}
          allowDeselect={false}
          key={form.key('timezone')}
          {...form.getInputProps('timezone')}
        />
        <MultiSelect
          label="Other languages"
          description="Languages it may switch to when the caller speaks them."
          searchable
          clearable
          placeholder={(languages.data ?? []).length ? undefined : loading(languages, 'languages')}
          data={(languages.data ?? []).filter((l) => String(l.id) !== languageId).map((l) => ({ value: String(l.id), label: l.name }))}
          key={form.key('secondary_language_ids')}
          {...form.getInputProps('secondary_language_ids')}
        />
        <Select
          label="Phone number"
          description="The number it answers, or calls from."
          searchable
          clearable
          placeholder={numbers.isPending || numbers.isError ? loading(numbers, 'a number') : 'No number'}
          nothingFoundMessage="No number in your account"
          data={(numbers.data?.data ?? []).map((n) => ({
            value: String(n.id),
            label: n.nickname ? `${n.phone_number} · ${n.nickname}` : n.phone_number,
          }))}
          key={form.key('phone_number_id')}
          {...form.getInputProps('phone_number_id')}
        />
        <Select
          label="Folder"
          searchable
          clearable
          placeholder={folders.isPending || folders.isError ? loading(folders, 'a folder') : 'No folder'}
          nothingFoundMessage="No folder yet"
          data={(folders.data?.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
          key={form.key('folder_id')}
          {...form.getInputProps('folder_id')}
        />
        <MultiSelect
          label="Labels"
          searchable
          clearable
          placeholder={labels.isPending || labels.isError ? loading(labels, 'labels') : undefined}
          nothingFoundMessage="No label yet"
          data={(labels.data?.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
          key={form.key('label_ids')}
          {...form.getInputProps('label_ids')}
        />
      </SimpleGrid>
      <TextInput
        label="Greeting"
        description="The first thing it says, e.g. “Hi, thanks for calling Bread & Co. How can I help?”"
        required
        maxLength={200}
        key={form.key('initial_message')}
        {...form.getInputProps('initial_message')}
      />
      <Textarea
        label="Instructions"
        description="Who it is, what it knows, what it may do. Write as you would brief a new colleague."
        required
        autosize
        minRows={4}
        maxRows={14}
        key={form.key('system_prompt')}
        {...form.getInputProps('system_prompt')}
      />
      <VariablesFields form={form} />
    </Stack>
  );
}
