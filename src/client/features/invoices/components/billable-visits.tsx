import { Alert, Button, Checkbox, Group, Radio, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import type { BillableVisit, InvoiceKind } from '../../../../common/schemas/invoices';
import { useClinicServices } from '../../../api/clinic-services';
import { useBillableVisits, useIssueInvoice } from '../../../api/invoices';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { ApiError } from '../../../lib/api-client';
import { invoiceableServiceOptions } from './service-options';
import { formatLongDayAndTime } from '../../../lib/dates';

const visitLabel = (visit: BillableVisit, timeZone: string) =>
  `${formatLongDayAndTime(visit.startsAt, timeZone)} · ${visit.doctorName} · ${
    visit.service
      ? `${visit.service.name}, ${
          visit.insurer
            ? `copago ${visit.insurer.name} ${formatEuros(visit.insurer.copayCents ?? 0)}`
            : formatEuros(visit.service.priceCents)
        }`
      : 'sin servicio'
  }`;

/**
 * The patient's attended visits not yet invoiced, to put several on one invoice: each at its service's price, or the
 * service chosen here for a visit booked without one.
 */
export function BillableVisits({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  const visits = useBillableVisits(patientId);
  const services = useClinicServices();
  const issue = useIssueInvoice();
  const [chosen, setChosen] = useState<string[]>([]);
  const [servicesFor, setServicesFor] = useState<Record<string, string>>({});
  const [kind, setKind] = useState<InvoiceKind>('simplificada');
  const fields = issue.error instanceof ApiError ? (issue.error.fields ?? {}) : {};
  if (visits.isPending) return <LoadingBlock label="Cargando las citas por facturar" />;
  if (visits.isError)
    return <LoadErrorAlert title="No se han podido cargar las citas por facturar" error={visits.error} />;
  if (visits.data.length === 0) return <Text c="dimmed">No hay citas atendidas por facturar.</Text>;
  const options = invoiceableServiceOptions(services.data);
  const submit = () =>
    issue.mutate(
      {
        patientId,
        appointmentIds: chosen,
        appointmentServices: Object.fromEntries(Object.entries(servicesFor).filter(([id]) => chosen.includes(id))),
        kind,
      },
      {
        onSuccess: (invoice) => {
          notifications.show({
            color: 'teal',
            title: `Factura ${invoice.number} emitida`,
            message: formatEuros(invoice.totalCents),
          });
          setChosen([]);
        },
      },
    );
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label="Citas atendidas por facturar"
        value={chosen}
        onChange={setChosen}
        error={fields.appointmentIds}
      >
        <Stack gap="xs" mt={6}>
          {visits.data.map((visit) => (
            <Stack key={visit.id} gap={4}>
              <Checkbox value={visit.id} label={visitLabel(visit, timeZone)} />
              {!visit.service && chosen.includes(visit.id) && (
                <Select
                  ml="xl"
                  maw={360}
                  label="Servicio facturado"
                  data={options}
                  value={servicesFor[visit.id] ?? null}
                  onChange={(serviceId) => setServicesFor((all) => ({ ...all, [visit.id]: serviceId ?? '' }))}
                  searchable
                  error={fields.appointmentServices}
                />
              )}
            </Stack>
          ))}
        </Stack>
      </Checkbox.Group>
      <Radio.Group
        label="Tipo de factura"
        value={kind}
        onChange={(value) => setKind(value as InvoiceKind)}
        error={fields.kind}
      >
        <Group gap="md" mt={6}>
          <Radio value="simplificada" label="Simplificada" />
          <Radio value="completa" label="Completa (con DNI o NIE y dirección)" />
        </Group>
      </Radio.Group>
      {issue.isError && Object.keys(fields).length === 0 && <Alert color="red">{errorMessageOf(issue.error)}</Alert>}
      <Group>
        <Button disabled={chosen.length === 0} loading={issue.isPending} onClick={submit}>
          {chosen.length > 1 ? `Facturar ${chosen.length} citas en una factura` : 'Facturar'}
        </Button>
      </Group>
    </Stack>
  );
}
