import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import type { Insurer } from '../../../../common/schemas/insurers';
import type { VisitPayer, VisitPayerInput } from '../../../../common/schemas/insurer-visits';
import { useInsurers } from '../../../api/insurers';
import { usePatient } from '../../../api/patients';

/** What the desk chose: `kind` null until it picks one (then the default of the patient's cover applies). */
export interface PayerChoice {
  kind: VisitPayer | null;
  authorizationNumber: string;
}
export const NO_PAYER_CHOICE: PayerChoice = { kind: null, authorizationNumber: '' };

/** The patient's insurer's tariff for a service: a price, «no cubierto» (null), or none (undefined). */
export function coverOf(insurer: Insurer | undefined, serviceId: string | null) {
  if (!insurer?.active || !serviceId) return undefined;
  return insurer.tariffs.find((tariff) => tariff.serviceId === serviceId)?.priceCents;
}

/** «Aseguradora» when the patient's active insurer pays the service, else «Privado»; the desk's pick wins. */
export function payerKindOf(choice: PayerChoice, insurer: Insurer | undefined, serviceId: string | null): VisitPayer {
  if (choice.kind) return choice.kind;
  return typeof coverOf(insurer, serviceId) === 'number' ? 'aseguradora' : 'privado';
}

/** The booking's `payer` from the choice. */
export function payerInput(kind: VisitPayer, choice: PayerChoice): VisitPayerInput {
  return kind === 'privado'
    ? { kind: 'privado' }
    : { kind: 'aseguradora', authorizationNumber: choice.authorizationNumber.trim() || undefined };
}

/** The patient's insurer, from her record and the list of insurers. */
export function usePatientInsurer(patientId: string | null) {
  const patient = usePatient(patientId);
  const insurers = useInsurers();
  const id = patient.data?.insurerId;
  return id ? insurers.data?.find((insurer) => insurer.id === id) : undefined;
}

/**
 * «¿Quién paga?»: «Privado» or «Aseguradora» (decision 0118), with the patient's insurer, its tariff and
 * copay for the service, and the authorisation number it asks for. The server decides; this says why beforehand.
 */
export function PayerField({
  insurer,
  serviceId,
  value,
  onChange,
  errors,
}: {
  insurer: Insurer | undefined;
  serviceId: string | null;
  value: PayerChoice;
  onChange: (choice: PayerChoice) => void;
  errors: { payer?: string; authorizationNumber?: string };
}) {
  const kind = payerKindOf(value, insurer, serviceId);
  const cover = coverOf(insurer, serviceId);
  const note = !insurer
    ? 'La ficha del paciente no tiene aseguradora.'
    : cover === undefined
      ? `${insurer.name} no tiene tarifa para este servicio.`
      : cover === null
        ? `${insurer.name} no cubre este servicio.`
        : `${insurer.name} paga ${formatEuros(cover)}; copago del paciente: ${
            insurer.copayCents ? formatEuros(insurer.copayCents) : 'ninguno'
          }.`;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="payer-label">
        ¿Quién paga la visita?
      </Text>
      <SegmentedControl
        aria-labelledby="payer-label"
        value={kind}
        onChange={(picked) => onChange({ ...value, kind: picked as VisitPayer })}
        data={[
          { value: 'privado', label: 'Privado' },
          { value: 'aseguradora', label: 'Aseguradora' },
        ]}
        maw={320}
      />
      <Text size="sm" c={errors.payer ? 'red' : 'dimmed'} role={errors.payer ? 'alert' : undefined}>
        {errors.payer ?? note}
      </Text>
      {kind === 'aseguradora' && (
        <TextInput
          label="Nº de autorización"
          maw={320}
          required={insurer?.requiresAuthorization}
          description={insurer?.requiresAuthorization ? `${insurer.name} la exige en cada visita` : undefined}
          value={value.authorizationNumber}
          onChange={(event) => onChange({ ...value, authorizationNumber: event.currentTarget.value })}
          error={errors.authorizationNumber}
        />
      )}
    </Stack>
  );
}
