import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import type { SettingsValues } from './settings-group.js';

/** A built-in tool as the form holds it. */
export type Tool = Record<string, unknown> & { type: string };
export type ToolForm = UseFormReturnType<SettingsValues>;

/** The form path of one field of the tool at `index`. */
export const toolPath = (index: number) => (field: string) => `tools.${index}.${field}`;

/** A picker of ids: Mantine's Select holds strings, the API numbers. */
export const idPicker = (form: ToolForm, path: string) => ({
  key: form.key(path),
  error: form.getInputProps(path).error as ReactNode,
  value: form.getInputProps(path).value == null ? null : String(form.getInputProps(path).value),
  onChange: (value: string | null) => form.setFieldValue(path, value ? Number(value) : null),
});

/** A text input whose null (not set) shows as empty. */
export const textInput = (form: ToolForm, path: string) => ({
  key: form.key(path),
  ...form.getInputProps(path),
  value: (form.getInputProps(path).value as string | null) ?? '',
});
