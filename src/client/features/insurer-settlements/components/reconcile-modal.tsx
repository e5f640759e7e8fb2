import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import { RESOLUTION_LABELS, type ReconciliationInput } from '../../../../common/schemas/insurer-visits';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { formatNumericDate } from '../../../lib/dates';
import { useReconcile, useSettlementInvoice } from '../api/insurer-settlements';

type Decision = {
  outcome: 'pendiente' | 'pagada' | 'rechazada';
  resolution: 'paciente' | 'baja' | null;
  reason: string;
};
const UNDECIDED: Decision = { outcome: 'pendiente', resolution: null, reason: '' };

/** The lines the desk decided: paid, or refused with what becomes of it and why. */
export function reconciliationOf(decisions: Record<string, Decision>): ReconciliationInput['lines'] {
  return Object.entries(decisions).flatMap(([appointmentId, decision]): ReconciliationInput['lines'] =>
    decision.outcome === 'pagada'
      ? [{ appointmentId, outcome: 'pagada' as const }]
      : decision.outcome === 'rechazada' && decision.resolution
        ? [{ appointmentId, outcome: 'rechazada' as const, resolution: decision.resolution, reason: decision.reason }]
        : [],
  );
}

/** «Conciliar»: what the insurer paid and refused of its invoice, visit by visit (those not reconciled yet). */
export function ReconcileModal({
  invoiceId,
  timeZone,
  onClose,
}: {
  invoiceId: string;
  timeZone: string;
  onClose: () => void;
}) {
  const invoice = useSettlementInvoice(invoiceId);
  const reconcile = useReconcile();
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const set = (id: string, change: Partial<Decision>) =>
    setDecisions((all) => ({ ...all, [id]: { ...(all[id] ?? UNDECIDED), ...change } }));
  const lines = reconciliationOf(decisions);
  return (
    <Modal opened onClose={onClose} title={`Conciliar ${invoice.data?.number ?? ''}`} size="xl">
      {invoice.isPending && <LoadingBlock label="Cargando la factura" />}
      {invoice.isError && <LoadErrorAlert title="No se ha podido cargar la factura" error={invoice.error} />}
      {invoice.data && (
        <Stack>
          {invoice.data.visits
            .filter((visit) => !visit.outcome)
            .map((visit) => {
              const decision = decisions[visit.appointmentId] ?? UNDECIDED;
              const name = `${formatNumericDate(visit.startsAt, timeZone)} · ${visit.patientName}`;
              return (
                <Stack key={visit.appointmentId} gap={6}>
                  <Text fw={500}>
                    {name} · {visit.serviceName} · {formatEuros(visit.priceCents)}
                  </Text>
                  <SegmentedControl
                    aria-label={`Resultado de la visita ${name}`}
                    value={decision.outcome}
                    onChange={(outcome) => set(visit.appointmentId, { outcome: outcome as Decision['outcome'] })}
                    data={[
                      { value: 'pendiente', label: 'Pendiente' },
                      { value: 'pagada', label: 'Pagada' },
                      { value: 'rechazada', label: 'Rechazada' },
                    ]}
                    maw={360}
                  />
                  {decision.outcome === 'rechazada' && (
                    <Group align="flex-end">
                      <Select
                        label="Qué se hace"
                        data={(['paciente', 'baja'] as const).map((value) => ({
                          value,
                          label: RESOLUTION_LABELS[value],
                        }))}
                        value={decision.resolution}
                        onChange={(value) => set(visit.appointmentId, { resolution: value as Decision['resolution'] })}
                        w={220}
                      />
                      <TextInput
                        label="Motivo del rechazo"
                        value={decision.reason}
                        onChange={(event) => set(visit.appointmentId, { reason: event.currentTarget.value })}
                        w={280}
                      />
                    </Group>
                  )}
                </Stack>
              );
            })}
          {reconcile.isError && <Alert color="red">{errorMessageOf(reconcile.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button
              disabled={lines.length === 0}
              loading={reconcile.isPending}
              onClick={() => reconcile.mutate({ id: invoiceId, input: { lines } }, { onSuccess: onClose })}
            >
              Guardar conciliación
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
