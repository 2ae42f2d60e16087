/** The colours the API takes for folders and labels, with the Mantine colour that draws each and its name. */
export const GROUP_COLORS = [
  { value: 'gray', label: 'Grey', swatch: 'gray.6' },
  { value: 'slate', label: 'Slate', swatch: 'dark.3' },
  { value: 'red', label: 'Red', swatch: 'red.7' },
  { value: 'orange', label: 'Orange', swatch: 'orange.7' },
  { value: 'amber', label: 'Amber', swatch: 'yellow.6' },
  { value: 'green', label: 'Green', swatch: 'green.7' },
  { value: 'teal', label: 'Teal', swatch: 'teal.7' },
  { value: 'blue', label: 'Blue', swatch: 'blue.7' },
  { value: 'purple', label: 'Purple', swatch: 'violet.7' },
  { value: 'pink', label: 'Pink', swatch: 'pink.7' },
] as const;

export type GroupColor = (typeof GROUP_COLORS)[number]['value'];
export type GroupKind = 'folder' | 'label';

export const swatchOf = (color: string) => GROUP_COLORS.find((c) => c.value === color)?.swatch ?? 'gray.6';

/** The words each kind uses: a folder holds an assistant, a label marks several. */
export const GROUP_WORDS: Record<
  GroupKind,
  { title: string; singular: string; explains: string; onDelete: (count: number) => string; example: string }
> = {
  folder: {
    title: 'Folders',
    singular: 'folder',
    explains: 'An assistant sits in one folder, e.g. one per shop or per team.',
    example: 'e.g. Bakery shops',
    onDelete: (count) =>
      count === 0
        ? 'No assistant is in it. This cannot be undone.'
        : `The ${count === 1 ? 'assistant' : `${count} assistants`} in it ${count === 1 ? 'is' : 'are'} kept, in no folder. This cannot be undone.`,
  },
  label: {
    title: 'Labels',
    singular: 'label',
    explains: 'An assistant can have many labels, e.g. “Front desk” or “Sales”.',
    example: 'e.g. Front desk',
    onDelete: (count) =>
      count === 0
        ? 'No assistant has it. This cannot be undone.'
        : `It is taken off the ${count === 1 ? 'assistant' : `${count} assistants`} that ${count === 1 ? 'has' : 'have'} it; they are kept. This cannot be undone.`,
  },
};

/** "3 assistants", "1 assistant", "No assistants". */
export function assistantCount(count: number): string {
  if (count === 0) return 'No assistants';
  return `${count} assistant${count === 1 ? '' : 's'}`;
}

/** A name the API would refuse, said before asking: empty, or longer than 255 characters. */
export function groupNameProblem(name: string): string | null {
  if (!name.trim()) return 'Give it a name.';
  if (name.trim().length > 255) return 'At most 255 characters.';
  return null;
}
