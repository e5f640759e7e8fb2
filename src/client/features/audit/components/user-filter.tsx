import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';

interface UserFilterProps {
  value?: string;
  onChange: (value: string | null) => void;
}

/** «Usuario»: words of a name or e-mail, searched on the server a moment after typing stops. */
export function UserFilter({ value, onChange }: UserFilterProps) {
  const [text, setText] = useState(value ?? '');
  const [synced, setSynced] = useState(value ?? '');
  if ((value ?? '') !== synced) {
    // The address changed (filters removed, back/forward): show its value.
    setSynced(value ?? '');
    setText(value ?? '');
  }
  const apply = useDebouncedCallback((next: string) => {
    setSynced(next.trim());
    onChange(next.trim() || null);
  }, 300);
  return (
    <TextInput
      size="md"
      label="Usuario"
      placeholder="Nombre o correo"
      leftSection={<IconUserSearch size={18} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      rightSection={
        text ? (
          <CloseButton
            aria-label="Quitar el usuario"
            onClick={() => {
              setText('');
              apply.cancel();
              setSynced('');
              onChange(null);
            }}
          />
        ) : undefined
      }
    />
  );
}
