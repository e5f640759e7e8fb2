import { Button, Grid, Group, Paper, Text, TextInput, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { PrescriptionCreate } from '../../../../common/schemas/prescriptions';

interface MedicineFieldsProps {
  index: number;
  register: UseFormRegister<PrescriptionCreate>;
  errors: FieldErrors<PrescriptionCreate>;
  /** Absent when it is the only medicine (a prescription carries at least one). */
  onRemove?: () => void;
}

/** One medicine of a prescription and its posology. */
export function MedicineFields({ index, register, errors, onRemove }: MedicineFieldsProps) {
  const error = errors.medicines?.[index];
  const field = (name: 'medicine' | 'dose' | 'route' | 'frequency' | 'duration' | 'quantity') => ({
    ...register(`medicines.${index}.${name}`),
    error: error?.[name]?.message,
    required: true,
  });
  const number = index + 1;
  return (
    <Paper withBorder p="sm" component="fieldset" aria-label={`Medicamento ${number}`} style={{ margin: 0 }}>
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm" component="legend" style={{ padding: 0 }}>
          Medicamento {number}
        </Text>
        {onRemove && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onRemove}
          >
            Quitar el medicamento {number}
          </Button>
        )}
      </Group>
      <Grid gap="sm">
        <Grid.Col span={12}>
          <TextInput
            label="Medicamento (nombre, dosis y forma)"
            placeholder="Ibuprofeno 600 mg comprimidos"
            {...field('medicine')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label="Dosis" placeholder="1 comprimido" {...field('dose')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label="Vía" placeholder="oral" {...field('route')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label="Frecuencia" placeholder="cada 8 horas" {...field('frequency')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Duración" placeholder="5 días" {...field('duration')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Envases o unidades" placeholder="1 envase de 20 comprimidos" {...field('quantity')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea
            label="Instrucciones para el paciente"
            autosize
            minRows={1}
            maxRows={4}
            {...register(`medicines.${index}.instructions`)}
            error={error?.instructions?.message}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
