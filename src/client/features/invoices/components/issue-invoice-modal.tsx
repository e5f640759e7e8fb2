import { Alert, Anchor, Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatEuros } from '../../../../common/money';
import { paths } from '../../../../common/paths';
import type { DiaryAppointment } from '../../../../common/schemas/appointments';
import type { InvoiceKind } from '../../../../common/schemas/invoices';
import { useClinicServices } from '../../../api/clinic-services';
import { invoicePdfHref, useIssueInvoice } from '../../../api/invoices';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { invoiceableServiceOptions } from './service-options';
import { formatLongDayAndTime } from '../../../lib/dates';
import { BillingModeBanner } from './billing-mode-banner';

interface IssueInvoiceModalProps {
  appointment: DiaryAppointment;
  timeZone: string;
  onClose: () => void;
}

/**
 * «Facturar» an attended visit in one step: at its service's price (or the service chosen here, for a visit booked
 * without one), as a complete invoice (with the patient's NIF and address) or a simplified one (up to 400 €).
 */
export function IssueInvoiceModal({ appointment, timeZone, onClose }: IssueInvoiceModalProps) {
  const services = useClinicServices();
  const issue = useIssueInvoice();
  const [kind, setKind] = useState<InvoiceKind>('simplificada');
  const [serviceId, setServiceId] = useState<string | null>(null);
  const fields = issue.error instanceof ApiError ? (issue.error.fields ?? {}) : {};
  const issuerMissing = issue.error instanceof ApiError && issue.error.code === 'ISSUER_MISSING';
  const submit = () =>
    issue.mutate(
      {
        patientId: appointment.patientId,
        appointmentIds: [appointment.id],
        appointmentServices: serviceId ? { [appointment.id]: serviceId } : undefined,
        kind,
      },
      {
        onSuccess: (invoice) => {
          notifications.show({
            color: 'teal',
            title: `Factura ${invoice.number} emitida`,
            message: (
              <Anchor href={invoicePdfHref(invoice.id)} download size="sm">
                Descargar el PDF ({formatEuros(invoice.totalCents)})
              </Anchor>
            ),
          });
          onClose();
        },
      },
    );
  const options = invoiceableServiceOptions(services.data);

  return (
    <Modal opened onClose={onClose} title={`Facturar la cita de ${appointment.patientName}`} centered>
      <Stack>
        <BillingModeBanner />
        <Text size="sm">
          {formatLongDayAndTime(appointment.startsAt, timeZone)}, con {appointment.doctorName}.
        </Text>
        <Radio.Group
          label="Tipo de factura"
          value={kind}
          onChange={(value) => setKind(value as InvoiceKind)}
          error={fields.kind}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="simplificada" label="Simplificada (hasta 400 €, sin datos fiscales del paciente)" />
            <Radio value="completa" label="Completa (con el DNI o NIE y la dirección del paciente)" />
          </Stack>
        </Radio.Group>
        <Select
          label="Servicio facturado"
          placeholder="El de la cita"
          description="Elige uno si la cita se reservó sin servicio o se hizo otro."
          data={options}
          value={serviceId}
          onChange={setServiceId}
          clearable
          searchable
          error={fields.appointmentServices ?? fields.appointmentIds}
        />
        {issuerMissing && (
          <Alert color="yellow" title="Faltan los datos fiscales de la clínica">
            {errorMessageOf(issue.error)}{' '}
            <Anchor component={Link} to={paths.admin.billing}>
              Ir a Facturación
            </Anchor>
          </Alert>
        )}
        {issue.isError && !issuerMissing && Object.keys(fields).length === 0 && (
          <Alert color="red">{errorMessageOf(issue.error)}</Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button loading={issue.isPending} onClick={submit}>
            Emitir factura
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
