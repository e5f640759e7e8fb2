import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  type NumberInputProps,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { eurosToCents } from '../../../../common/money';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import type {
  DoctorSettlementRule,
  SettlementBasis,
  SettlementRuleInput,
} from '../../../../common/schemas/settlements';
import { refusalText } from '../../../components/form-error';
import { useSetSettlementRule } from '../api/settlements';
import { ServiceTermsTable, type ServiceTerm } from './service-terms-table';

/** A percentage with two decimals, as the rule keeps it (basis points). */
const PercentInput = (props: NumberInputProps) => (
  <NumberInput
    suffix=" %"
    decimalSeparator=","
    decimalScale={2}
    min={0}
    max={100}
    allowNegative={false}
    w={200}
    {...props}
  />
);

const toBp = (value: number | string) => Math.round(Number(value) * 100);
const percentOf = (basisPoints: number | null | undefined) => (basisPoints == null ? '' : basisPoints / 100);

function termsOf(rule: DoctorSettlementRule['rule']): Record<string, ServiceTerm> {
  return Object.fromEntries(
    (rule?.services ?? []).map((service) => [
      service.serviceId,
      service.amountCents !== null
        ? { kind: 'fijo', value: service.amountCents / 100 }
        : { kind: 'porcentaje', value: percentOf(service.percentBp) },
    ]),
  );
}

interface SettlementRuleModalProps {
  doctor: DoctorSettlementRule;
  services: ClinicService[];
  onClose: () => void;
}

/** «Regla de liquidación»: the doctor's share of the base invoiced or collected, per service where it differs. */
export function SettlementRuleModal({ doctor, services, onClose }: SettlementRuleModalProps) {
  const rule = doctor.rule;
  const [basis, setBasis] = useState<SettlementBasis>(rule?.basis ?? 'facturado');
  const [percent, setPercent] = useState<number | string>(percentOf(rule?.percentBp));
  const [insurerApart, setInsurerApart] = useState(rule?.insurerPercentBp != null);
  const [insurerPercent, setInsurerPercent] = useState<number | string>(percentOf(rule?.insurerPercentBp));
  const [terms, setTerms] = useState(() => termsOf(rule));
  const [error, setError] = useState<string | null>(null);
  const save = useSetSettlementRule();
  const shown = services.filter((service) => service.active || terms[service.id]);

  const submit = async () => {
    setError(null);
    if (percent === '' || (insurerApart && insurerPercent === '')) {
      setError('Indica el porcentaje');
      return;
    }
    const own = Object.entries(terms).filter(([, term]) => term.kind !== 'general');
    if (own.some(([, term]) => term.value === '')) {
      setError('Indica el valor de cada servicio con regla propia');
      return;
    }
    const input: SettlementRuleInput = {
      basis,
      percentBp: toBp(percent),
      insurerPercentBp: insurerApart ? toBp(insurerPercent) : null,
      services: own.map(([serviceId, term]) => ({
        serviceId,
        percentBp: term.kind === 'porcentaje' ? toBp(term.value) : null,
        amountCents: term.kind === 'fijo' ? eurosToCents(Number(term.value)) : null,
      })),
    };
    try {
      await save.mutateAsync({ doctorId: doctor.doctorId, input });
      notifications.show({ color: 'green', message: 'Regla de liquidación guardada' });
      onClose();
    } catch (failure) {
      setError(refusalText(failure));
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Regla de liquidación de ${doctor.doctorName}`} size="xl">
      <Stack>
        <SegmentedControl
          aria-label="Base de la liquidación"
          value={basis}
          onChange={(value) => setBasis(value as SettlementBasis)}
          data={[
            { value: 'facturado', label: 'Sobre lo facturado' },
            { value: 'cobrado', label: 'Sobre lo cobrado' },
          ]}
        />
        <Text size="sm" c="dimmed">
          El porcentaje se aplica a la base sin IVA. Sobre lo cobrado, cada cobro cuenta en el mes en que se recibe.
        </Text>
        <PercentInput label="Porcentaje general" value={percent} onChange={setPercent} />
        <Checkbox
          label="Las visitas de aseguradora, con otro porcentaje"
          checked={insurerApart}
          onChange={(event) => setInsurerApart(event.currentTarget.checked)}
        />
        {insurerApart && (
          <PercentInput
            label="Porcentaje de las visitas de aseguradora"
            value={insurerPercent}
            onChange={setInsurerPercent}
          />
        )}
        <ServiceTermsTable
          services={shown}
          terms={terms}
          onChange={(serviceId, term) => setTerms((current) => ({ ...current, [serviceId]: term }))}
        />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            Guardar regla
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
