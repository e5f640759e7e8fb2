import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../common/paths';
import { PageTitle } from '../../../components/page-title';
import { PatientFilesSection } from '../../../features/files/components/patient-files-section';
import { PatientDetails } from '../../../features/patients/components/patient-details';
import { PatientHeader } from '../../../features/patients/components/patient-header';
import { PatientLoader } from '../../../features/patients/components/patient-loader';
import { useClinicTimeZone } from '../../../api/clinic';
import { PatientTreatments } from '../../../features/treatments/components/patient-treatments';
import { todayIn } from '../../../lib/dates';
import { ChartTimeline } from '../../../features/chart/components/chart-timeline';
import { AppointmentNote } from '../../../features/notes/components/appointment-note';
import { PatientQuestionnaires } from '../../../features/questionnaires/components/patient-questionnaires';
import { PatientConsents } from '../../../features/consents/components/patient-consents';
import { PatientPacksCard } from '../../../features/packs/components/patient-packs-card';
import { PatientQuotes } from '../../../features/quotes/components/patient-quotes';

/** A doctor's view of the chart of a patient they have (or had) appointments with: read-only, but for her quotes. */
export default function DoctorPatientChartPage() {
  const { id = '' } = useParams();
  const timeZone = useClinicTimeZone();
  return (
    <>
      <Group mb="xs">
        <Anchor component={Link} to={paths.doctor.patients} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Mis pacientes
          </Group>
        </Anchor>
      </Group>
      <PageTitle>Ficha del paciente</PageTitle>
      <PatientLoader id={id} backHref={paths.doctor.patients}>
        {(patient) => (
          <Stack gap="lg">
            <PatientHeader patient={patient} />
            <PatientDetails patient={patient} />
            {timeZone.data && <PatientTreatments patientId={patient.id} today={todayIn(timeZone.data)} />}
            {/* The notes a doctor sees here are their own: each opens its appointment to add to it. */}
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
                href: (item) =>
                  item.kind === 'note' && item.appointmentId ? paths.doctor.appointment(item.appointmentId) : null,
              }}
            />
            {timeZone.data && <PatientQuestionnaires patientId={patient.id} timeZone={timeZone.data} canCopy />}
            {timeZone.data && <PatientConsents patientId={patient.id} timeZone={timeZone.data} />}
            <PatientFilesSection patientId={patient.id} />
            {/* Hers to make, change and send; paper acceptance, up-front invoicing and sessions are the desk's. */}
            {timeZone.data && <PatientQuotes patientId={patient.id} timeZone={timeZone.data} manage={false} />}
            <PatientPacksCard patientId={patient.id} manage={false} />
          </Stack>
        )}
      </PatientLoader>
    </>
  );
}
