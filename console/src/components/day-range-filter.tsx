import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';

/** "From" and "To" days of a list's filters (YYYY-MM-DD, both optional), as the API's date_from and date_to take them. */
export function DayRangeFilter({
  from,
  to,
  onFromChange,
  onToChange,
}: {
  from: string | null;
  to: string | null;
  onFromChange: (value: string | null) => void;
  onToChange: (value: string | null) => void;
}) {
  return (
    <>
      <DatePickerInput label="From" placeholder="Any day" clearable valueFormat="YYYY-MM-DD" value={from} onChange={onFromChange} w={150} />
      <DatePickerInput label="To" placeholder="Any day" clearable valueFormat="YYYY-MM-DD" value={to} onChange={onToChange} w={150} />
    </>
  );
}
