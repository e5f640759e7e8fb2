import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { PAYER_KINDS, PAYER_LABELS, type PayerKind } from '../../../../common/schemas/invoices';

/** Another payer as it is being typed (sent as the request's `payer`). */
export interface PayerDraft {
  kind: PayerKind;
  name: string;
  taxId: string;
  address: string;
  business: boolean;
}

export const PATIENT_PAYS: PayerDraft = { kind: 'paciente', name: '', taxId: '', address: '', business: true };

export const payerInput = (draft: PayerDraft) =>
  draft.kind === 'tercero'
    ? {
        kind: 'tercero' as const,
        name: draft.name,
        taxId: draft.taxId,
        address: draft.address,
        business: draft.business,
      }
    : { kind: draft.kind };

/** Who pays: the patient, the guardian who booked a minor's visit, or a person or company typed here. */
export function PayerFields({
  value,
  onChange,
  errors,
}: {
  value: PayerDraft;
  onChange: (payer: PayerDraft) => void;
  errors: Record<string, string>;
}) {
  const set = (change: Partial<PayerDraft>) => onChange({ ...value, ...change });
  return (
    <Stack gap="xs">
      <Select
        label="Quién paga"
        data={PAYER_KINDS.map((kind) => ({ value: kind, label: PAYER_LABELS[kind] }))}
        value={value.kind}
        allowDeselect={false}
        onChange={(kind) => kind && set({ kind: kind as PayerKind })}
        error={errors.payer}
      />
      {value.kind === 'tercero' && (
        <>
          <TextInput
            label="Nombre o razón social"
            value={value.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={errors['payer.name']}
          />
          <TextInput
            label="NIF"
            value={value.taxId}
            onChange={(event) => set({ taxId: event.currentTarget.value })}
            error={errors['payer.taxId']}
          />
          <TextInput
            label="Dirección"
            value={value.address}
            onChange={(event) => set({ address: event.currentTarget.value })}
            error={errors['payer.address']}
          />
          <Checkbox
            label="Paga como empresa o profesional (se aplica la retención de IRPF si la clínica la tiene)"
            checked={value.business}
            onChange={(event) => set({ business: event.currentTarget.checked })}
          />
        </>
      )}
    </Stack>
  );
}
