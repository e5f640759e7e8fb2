import { ServiceDepositFields } from './service-deposit-fields';
import { MultiSelect, NumberInput, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import {
  SERVICE_NOTE_MAX,
  VAT_LABELS,
  VAT_TREATMENTS,
  type VatTreatment,
} from '../../../../common/schemas/clinic-services';

/** What the form holds: the price in euros as typed (the request sends cents). */
export interface ServiceFormValues {
  name: string;
  specialtyId: string | null;
  doctorIds: string[];
  durationMinutes: number | string;
  priceEuros: number | string;
  vat: VatTreatment;
  bookableOnline: boolean;
  active: boolean;
  note: string;
  /** The deposit asked at online booking, VAT included ('' for none), and the hours of its refund. */
  depositEuros: number | string;
  depositRefundHours: number | string;
}

interface Option {
  value: string;
  label: string;
}

interface ServiceFormFieldsProps {
  values: ServiceFormValues;
  errors: Record<string, string>;
  specialties: Option[];
  /** The doctors of the chosen specialty. */
  doctors: Option[];
  set: <K extends keyof ServiceFormValues>(key: K, value: ServiceFormValues[K]) => void;
}

const VAT_OPTIONS = VAT_TREATMENTS.map((value) => ({ value, label: VAT_LABELS[value] }));

/** The fields of a service; each shows the server's Spanish message for it. */
export function ServiceFormFields({ values, errors, specialties, doctors, set }: ServiceFormFieldsProps) {
  return (
    <>
      <TextInput
        label="Nombre del servicio"
        required
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errors.name}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Especialidad"
          required
          data={specialties}
          value={values.specialtyId}
          allowDeselect={false}
          onChange={(value) => {
            set('specialtyId', value);
            set('doctorIds', []);
          }}
          error={errors.specialtyId}
        />
        <MultiSelect
          label="Profesionales"
          description="Sin ninguno elegido, todos los de la especialidad"
          data={doctors}
          value={values.doctorIds}
          onChange={(value) => set('doctorIds', value)}
          error={errors.doctorIds}
          disabled={!values.specialtyId}
          searchable
          nothingFoundMessage="Ningún profesional con ese nombre"
        />
        <NumberInput
          label="Duración"
          required
          suffix=" min"
          min={5}
          max={480}
          step={5}
          allowDecimal={false}
          value={values.durationMinutes}
          onChange={(value) => set('durationMinutes', value)}
          error={errors.durationMinutes}
        />
        <NumberInput
          label="Precio"
          description="Sin IVA: al facturar se suma el IVA elegido, y la reserva por internet lo muestra con IVA"
          required
          suffix=" €"
          decimalSeparator=","
          thousandSeparator="."
          decimalScale={2}
          fixedDecimalScale
          min={0}
          allowNegative={false}
          value={values.priceEuros}
          onChange={(value) => set('priceEuros', value)}
          error={errors.priceCents}
        />
      </SimpleGrid>
      <Select
        label="IVA"
        data={VAT_OPTIONS}
        value={values.vat}
        allowDeselect={false}
        onChange={(value) => value && set('vat', value as VatTreatment)}
        error={errors.vat}
      />
      <Textarea
        label="Nota"
        description="Por qué lleva ese IVA, o lo que la recepción deba saber del servicio"
        autosize
        minRows={2}
        maxLength={SERVICE_NOTE_MAX}
        value={values.note}
        onChange={(event) => set('note', event.currentTarget.value)}
        error={errors.note}
      />
      <Switch
        label="Se puede reservar por internet"
        checked={values.bookableOnline}
        onChange={(event) => set('bookableOnline', event.currentTarget.checked)}
      />
      {values.bookableOnline && (
        <ServiceDepositFields
          depositEuros={values.depositEuros}
          refundHours={values.depositRefundHours}
          errors={errors}
          onDeposit={(value) => set('depositEuros', value)}
          onRefundHours={(value) => set('depositRefundHours', value)}
        />
      )}
      <Switch
        label="Activo (se ofrece al dar citas)"
        checked={values.active}
        onChange={(event) => set('active', event.currentTarget.checked)}
      />
    </>
  );
}
