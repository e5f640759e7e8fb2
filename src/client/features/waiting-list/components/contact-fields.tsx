import { Anchor, Box, Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { paths } from '../../../../common/paths';

export interface Contact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  acceptPrivacy: boolean;
  website: string;
}

interface ContactFieldsProps {
  value: Contact;
  onChange: (value: Contact) => void;
  errors: Record<string, string>;
  /** A signed-in paciente: the account's data, read only, consent already given. */
  readOnly: boolean;
}

/** Who to write to when a slot frees: a visitor's name, e-mail and phone, the consent and the honeypot. */
export function ContactFields({ value, onChange, errors, readOnly }: ContactFieldsProps) {
  const set = (changes: Partial<Contact>) => onChange({ ...value, ...changes });
  const account = readOnly ? ({ readOnly: true, variant: 'filled' } as const) : {};
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Nombre"
          required={!readOnly}
          autoComplete="given-name"
          value={value.firstName}
          onChange={(e) => set({ firstName: e.currentTarget.value })}
          error={errors.firstName}
          {...account}
        />
        <TextInput
          label="Apellidos"
          required={!readOnly}
          autoComplete="family-name"
          value={value.lastName}
          onChange={(e) => set({ lastName: e.currentTarget.value })}
          error={errors.lastName}
          {...account}
        />
        <TextInput
          label="Correo electrónico"
          type="email"
          required={!readOnly}
          autoComplete="email"
          description={readOnly ? undefined : 'Te escribiremos aquí cuando se libere una hora.'}
          value={value.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
          error={errors.email}
          {...account}
        />
        <TextInput
          label="Teléfono"
          type="tel"
          required={!readOnly}
          autoComplete="tel"
          value={value.phone}
          onChange={(e) => set({ phone: e.currentTarget.value })}
          error={errors.phone}
          {...account}
        />
      </SimpleGrid>
      {/* Honeypot: people never see or reach it; bots fill it in and the server refuses them. */}
      <Box
        aria-hidden="true"
        style={{ position: 'absolute', left: -10_000, top: 'auto', width: 1, height: 1, overflow: 'hidden' }}
      >
        <label htmlFor="waiting-website">No rellenes este campo</label>
        <input
          id="waiting-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          aria-hidden="true"
          value={value.website}
          onChange={(e) => set({ website: e.currentTarget.value })}
        />
      </Box>
      {!readOnly && (
        <Checkbox
          label={
            <>
              He leído y acepto la{' '}
              <Anchor href={paths.privacy} target="_blank" rel="noopener noreferrer" inherit>
                política de privacidad
              </Anchor>
            </>
          }
          checked={value.acceptPrivacy}
          onChange={(e) => set({ acceptPrivacy: e.currentTarget.checked })}
          error={errors.acceptPrivacy}
        />
      )}
    </>
  );
}
