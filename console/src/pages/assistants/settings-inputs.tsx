import { NumberInput, Select, type NumberInputProps, type SelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { SettingsValues } from './settings-group.js';

type Form = UseFormReturnType<SettingsValues>;

/** A picker of ids: Mantine's Select holds strings, the API numbers (null: not set). */
export function IdSelect({ of: form, field, ...props }: { of: Form; field: string } & Omit<SelectProps, 'value' | 'onChange' | 'form'>) {
  const input = form.getInputProps(field);
  const value = form.getValues()[field];
  return (
    <Select
      {...props}
      error={input.error}
      value={value === null || value === undefined ? null : String(value)}
      onChange={(picked) => form.setFieldValue(field, picked === null ? null : Number(picked))}
    />
  );
}

/** A number setting; an emptied input is sent as null ("not set"). */
export function NumberSetting({
  of: form,
  field,
  ...props
}: { of: Form; field: string } & Omit<NumberInputProps, 'value' | 'onChange' | 'form'>) {
  const input = form.getInputProps(field);
  return <NumberInput {...props} {...input} value={input.value ?? ''} key={form.key(field)} />;
}
