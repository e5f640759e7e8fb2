import { Textarea } from '@mantine/core';

/** The reason a change asks for (cancelling an invoice, reopening a closing): required, up to 500 characters. */
export function ReasonField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <Textarea
      label={label}
      required
      autosize
      minRows={2}
      maxLength={500}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
