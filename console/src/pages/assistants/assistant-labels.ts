/** Words a person reads for the API's enum values, with what each choice means. */
export const TYPE_OPTIONS = [
  { value: 'inbound', label: 'Answers calls and chats' },
  { value: 'outbound', label: 'Places calls' },
];

export const MODE_OPTIONS = [
  { value: 'pipeline', label: 'Standard' },
  { value: 'multimodal', label: 'Realtime' },
  { value: 'dualplex', label: 'Realtime + separate voice' },
];

export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const label = (options: Array<{ value: string; label: string }>, value: string) => options.find((o) => o.value === value)?.label ?? value;
export const typeLabel = (value: string) => (value === 'inbound' ? 'Inbound' : value === 'outbound' ? 'Outbound' : value);
export const modeLabel = (value: string) => label(MODE_OPTIONS, value);

/** The model list for a mode: pipeline assistants use a text model; the others a realtime one. */
export function modelTypeFor(mode: string): 'llm' | 'multimodal' | 'dualplex' {
  return mode === 'multimodal' || mode === 'dualplex' ? mode : 'llm';
}

/** Which model field a mode uses: the other one is not sent. */
export function modelFieldFor(mode: string): 'llm_model_id' | 'multimodal_model_id' {
  return mode === 'pipeline' ? 'llm_model_id' : 'multimodal_model_id';
}
