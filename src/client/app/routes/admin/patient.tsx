import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconCalendarPlus, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../common/paths';
import { PageTitle } from '../../../components/page-title';
import { toQueryString } from '../../../lib/api-client';
import { useClinicTimeZone } from '../../../api/clinic';
import { PatientAccountPanel } from '../../../features/patients/components/patient-account';
import { PatientForm } from '../../../features/patients/components/patient-form';
import { PatientHeader } from '../../../features/patients/components/patient-header';
import { PatientLoader } from '../../../features/patients/components/patient-loader';
import { ChartTimeline } from '../../../features/chart/components/chart-timeline';
import { AppointmentNote } from '../../../features/notes/components/appointment-note';
import { PatientBilling } from '../../../features/invoices/components/patient-billing';
import { PatientPacksCard } from '../../../features/packs/components/patient-packs-card';
import { PatientChannelCard } from '../../../features/channels/components/patient-channel-card';
import { PatientQuestionnaires } from '../../../features/questionnaires/components/patient-questionnaires';
import { PatientConsents } from '../../../features/consents/components/patient-consents';
import { PatientQuotes } from '../../../features/quotes/components/patient-quotes';

/**
 * The patient's chart: who she is, then her clinical history; «Nueva cita» books for her and «Editar datos»
 * opens the form of her data (closed by default: the history is what the desk and the doctors come for).
 */
export default function PatientChartPage() {
  const { id = '' } = useParams();
  const timeZone = useClinicTimeZone();
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Group mb="xs">
        <Anchor component={Link} to={paths.admin.patients} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Pacientes
          </Group>
        </Anchor>
      </Group>
      <PageTitle>Ficha del paciente</PageTitle>
      <PatientLoader id={id} backHref={paths.admin.patients}>
        {(patient) => (
          <Stack gap="lg">
            <PatientHeader patient={patient} />
            <Group gap="sm">
              <Button
                component={Link}
                to={`${paths.admin.newAppointment}${toQueryString({ patientId: patient.id })}`}
                leftSection={<IconCalendarPlus size={18} aria-hidden />}
              >
                Nueva cita
              </Button>
              <Button
                variant={editing ? 'light' : 'default'}
                leftSection={<IconPencil size={18} aria-hidden />}
                aria-expanded={editing}
                onClick={() => setEditing((open) => !open)}
              >
                Editar datos
              </Button>
            </Group>
            {editing && (
              <div id="patient-data-form">
                {/* Mounted once per patient: a refetch never replaces what is being typed. */}
                <PatientForm
                  key={patient.id}
                  patient={patient}
                  onSaved={() => setEditing(false)}
                  onCancel={() => setEditing(false)}
                />
              </div>
            )}
            <ChartTimeline
              patientId={patient.id}
              actions={{
                expand: {
                  note: (item) =>
                    item.appointmentId &&
                    timeZone.data && (
                      <AppointmentNote appointmentId={item.appointmentId} author={false} timeZone={timeZone.data} />
                    ),
                },
              }}
            />
            {timeZone.data && <PatientConsents patientId={patient.id} timeZone={timeZone.data} />}
            {timeZone.data && <PatientQuestionnaires patientId={patient.id} timeZone={timeZone.data} />}
            {timeZone.data && <PatientBilling patientId={patient.id} timeZone={timeZone.data} />}
            {timeZone.data && <PatientQuotes patientId={patient.id} timeZone={timeZone.data} />}
            <PatientPacksCard patientId={patient.id} manage />
            {timeZone.data && <PatientChannelCard patientId={patient.id} timeZone={timeZone.data} />}
            <PatientAccountPanel patient={patient} />
          </Stack>
        )}
      </PatientLoader>
    </>
  );
}
