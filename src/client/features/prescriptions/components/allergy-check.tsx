import { Alert, List, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { allergyConflicts, duplicationWarnings, type AllergyConflict } from '../../../../common/allergies';
import type { PatientContext } from '../../../../common/schemas/patient-context';

/** The conflicts of the medicines being written with the patient's recorded allergies (none without a patient). */
export const conflictsOf = (context: PatientContext | undefined, medicines: string[]): AllergyConflict[] =>
  context ? allergyConflicts(context.allergies, medicines) : [];

interface AllergyCheckProps {
  context: PatientContext | undefined;
  medicines: string[];
  /** The «motivo» field, required while there is a conflict. */
  reason: UseFormRegisterReturn;
  reasonError?: string;
}

/**
 * Under the medicines: the patient's recorded allergies; a blocking warning for each medicine that
 * clashes with one (same ingredient, same family, or a cross-reactivity), which the doctor acknowledges
 * with a reason before the prescription can be saved; and a plain warning for two medicines of a family
 * that should not go together (two AINE), counting the patient's current medication.
 */
export function AllergyCheck({ context, medicines, reason, reasonError }: AllergyCheckProps) {
  if (!context) return null;
  const conflicts = conflictsOf(context, medicines);
  const duplications = duplicationWarnings(
    medicines,
    context.currentMedication.map((item) => item.medicine),
  );
  return (
    <>
      {context.allergies && conflicts.length === 0 && (
        <Text size="sm" c="red.8" fw={600}>
          Alergias registradas: {context.allergies}
        </Text>
      )}
      {conflicts.length > 0 && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle aria-hidden />}
          title="Alerta de alergia"
        >
          <List size="sm" spacing={2} mb="sm">
            {conflicts.map((conflict) => (
              <List.Item key={`${conflict.index}-${conflict.allergy}`}>{conflict.message}</List.Item>
            ))}
          </List>
          <Textarea
            label="Motivo para recetarlo pese a la alergia"
            description="Queda guardado con la receta y en el registro de accesos."
            required
            autosize
            minRows={2}
            maxRows={4}
            {...reason}
            error={reasonError}
          />
        </Alert>
      )}
      {duplications.length > 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Posible interacción">
          <List size="sm" spacing={2}>
            {duplications.map((warning) => (
              <List.Item key={warning.family}>{warning.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}
