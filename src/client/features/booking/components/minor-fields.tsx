import { NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { GUARDIAN_RELATIONSHIP_LABELS, GUARDIAN_RELATIONSHIPS } from '../../../../common/schemas/minors';
import type { BookingDetailsInput } from './booking-form';

const RELATIONSHIPS = [
  { value: '', label: 'Elige una opción' },
  ...GUARDIAN_RELATIONSHIPS.map((value) => ({ value, label: GUARDIAN_RELATIONSHIP_LABELS[value] })),
];

interface MinorFieldsProps {
  register: UseFormRegister<BookingDetailsInput>;
  errors: FieldErrors<BookingDetailsInput>['minor'];
}

/** Pediatría: the child who comes, and the guardian who books (their relationship and document). */
export function MinorFields({ register, errors }: MinorFieldsProps) {
  return (
    <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={700}>
        Datos del niño o la niña
      </Text>
      <Text size="sm" c="dimmed">
        Es una consulta para menores: pide la cita su madre, su padre o quien tenga su tutela, que le acompañará.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Nombre del niño o la niña"
          required
          error={errors?.childFirstName?.message}
          {...register('minor.childFirstName')}
        />
        <TextInput
          label="Apellidos del niño o la niña"
          required
          error={errors?.childLastName?.message}
          {...register('minor.childLastName')}
        />
        <TextInput
          label="Fecha de nacimiento"
          type="date"
          required
          error={errors?.childBirthDate?.message}
          {...register('minor.childBirthDate')}
        />
        <NativeSelect
          label="Tu relación con el niño o la niña"
          required
          data={RELATIONSHIPS}
          error={errors?.guardianRelationship?.message}
          {...register('minor.guardianRelationship')}
        />
        <TextInput
          label="Tu DNI, NIE o pasaporte"
          required
          autoComplete="off"
          description="De la persona responsable que pide la cita."
          error={errors?.guardianDocument?.message}
          {...register('minor.guardianDocument')}
        />
      </SimpleGrid>
    </Stack>
  );
}
