import { Button, Group, Modal, Select, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  MAX_MEDICINES,
  prescriptionCreateSchema,
  type Medicine,
  type PrescriptionCreate,
} from '../../../../common/schemas/prescriptions';
import { fieldsOf, FormFailureAlert, toFormFailure, type FormFailure } from '../../../components/form-error';
import { zodResolver } from '../../../lib/zod-form';
import { useCreatePrescription } from '../api/create-prescription';
import { useRecentMedicines } from '../api/get-recent-medicines';
import { usePatientContext } from '../../../api/patient-context';
import { AllergyCheck, conflictsOf } from './allergy-check';
import { MedicineFields } from './medicine-fields';
import { PrescriptionDetailsFields } from './prescription-details-fields';

const EMPTY_MEDICINE: Medicine = {
  medicine: '',
  dose: '',
  route: 'oral',
  frequency: '',
  duration: '',
  quantity: '',
  instructions: '',
};
const FIELDS = fieldsOf([
  'patientId',
  'prescribedOn',
  'diagnosis',
  'medicines',
  'treatmentId',
  'allergyOverrideReason',
]);

function PrescriptionForm({ today, onDone }: { today: string; onDone: () => void }) {
  const form = useForm<PrescriptionCreate>({
    resolver: zodResolver(prescriptionCreateSchema),
    defaultValues: {
      patientId: '',
      prescribedOn: today,
      diagnosis: '',
      medicines: [EMPTY_MEDICINE],
      treatmentId: null,
      allergyOverrideReason: null,
    },
  });
  const context = usePatientContext(form.watch('patientId') || null);
  const names = form.watch('medicines').map((line) => line.medicine);
  const medicines = useFieldArray({ control: form.control, name: 'medicines' });
  const recent = useRecentMedicines();
  const create = useCreatePrescription();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const errors = form.formState.errors;

  const addRecent = (name: string | null) => {
    const picked = recent.data?.find((item) => item.medicine === name);
    if (!picked) return;
    const lines = form.getValues('medicines');
    const blank = lines.findIndex((line) => !line.medicine.trim());
    if (blank >= 0) medicines.update(blank, { ...EMPTY_MEDICINE, ...picked });
    else if (lines.length < MAX_MEDICINES) medicines.append({ ...EMPTY_MEDICINE, ...picked });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    // A recorded allergy blocks the prescription until the doctor says why (the server checks it too).
    if (conflictsOf(context.data, names).length > 0 && !values.allergyOverrideReason?.trim()) {
      form.setError(
        'allergyOverrideReason',
        { message: 'Indica por qué lo recetas pese a la alergia' },
        { shouldFocus: true },
      );
      return;
    }
    try {
      await create.mutateAsync(values);
      notifications.show({ color: 'teal', message: 'Receta creada' });
      onDone();
    } catch (error) {
      setFailure(toFormFailure(error, form.setError, FIELDS));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Nueva receta">
      <Stack gap="md">
        <FormFailureAlert failure={failure} title="No se ha podido crear la receta" />
        <PrescriptionDetailsFields form={form} />
        <Title order={3} size="h5">
          Medicamentos
        </Title>
        {(recent.data?.length ?? 0) > 0 && (
          <Select
            label="Añadir un medicamento que has recetado hace poco"
            placeholder="Tus medicamentos recientes"
            searchable
            data={[...new Set(recent.data!.map((item) => item.medicine))]}
            value={null}
            onChange={addRecent}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {errors.medicines?.message && (
          <div role="alert" style={{ color: 'var(--mantine-color-error)', fontSize: 'var(--mantine-font-size-sm)' }}>
            {errors.medicines.message}
          </div>
        )}
        {medicines.fields.map((line, index) => (
          <MedicineFields
            key={line.id}
            index={index}
            register={form.register}
            errors={errors}
            onRemove={medicines.fields.length > 1 ? () => medicines.remove(index) : undefined}
          />
        ))}
        <AllergyCheck
          context={context.data}
          medicines={names}
          reason={form.register('allergyOverrideReason')}
          reasonError={errors.allergyOverrideReason?.message}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={medicines.fields.length >= MAX_MEDICINES}
          onClick={() => medicines.append(EMPTY_MEDICINE)}
          w="fit-content"
        >
          Añadir otro medicamento
        </Button>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Crear la receta
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** «Nueva receta»: a patient of the doctor's, one or more medicines, diagnosis, date, optional treatment. */
export function NewPrescriptionModal({
  opened,
  today,
  onClose,
}: {
  opened: boolean;
  today: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Nueva receta"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened && <PrescriptionForm today={today} onDone={onClose} />}
    </Modal>
  );
}
