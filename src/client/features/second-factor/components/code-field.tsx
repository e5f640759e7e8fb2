import { TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/**
 * The six digits of an authenticator app: a numeric keypad on phones, the code offered by the phone's
 * keyboard or a password manager (`one-time-code`), spaces ignored; sent as soon as the sixth is typed.
 */
export function CodeField({
  onComplete,
  error,
  disabled,
  label = 'Código de 6 cifras',
  description,
}: {
  onComplete: (code: string) => void;
  error?: ReactNode;
  disabled?: boolean;
  label?: string;
  description?: string;
}) {
  const [value, setValue] = useState('');
  return (
    <TextInput
      label={label}
      description={description}
      name="code"
      value={value}
      onChange={(event) => {
        const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, 6);
        setValue(digits);
        if (digits.length === 6) onComplete(digits);
      }}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={7}
      placeholder="123456"
      size="lg"
      styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
      error={error}
      disabled={disabled}
      data-autofocus
      autoFocus
      required
    />
  );
}
