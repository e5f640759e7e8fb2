import { Button, EmptyState, Group, Paper } from '@mantine/core';
import { IconCategory, IconPlus, IconStethoscope } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { getPublicClinicQueryOptions } from '../../../api/clinic';
import { doctorKeys, useDoctors } from '../../../api/doctors';
import { DoctorDrawer } from '../../../features/doctors/components/doctor-drawer';
import { DoctorsTable } from '../../../features/doctors/components/doctors-table';
import { useSettings } from '../../../features/settings/api/get-settings';
import { getSpecialtiesQueryOptions, useSpecialties } from '../../../api/specialties';
import { SpecialtiesModal } from '../../../features/specialties/components/specialties-modal';

/** The doctor stays set while the drawer closes, so its title doesn't change mid-animation. */
interface DrawerState {
  opened: boolean;
  doctorId: string | null;
}

export default function DoctorsPage() {
  const queryClient = useQueryClient();
  const doctors = useDoctors({ includeInactive: true });
  const settings = useSettings();
  const specialties = useSpecialties();
  const [drawer, setDrawer] = useState<DrawerState>({ opened: false, doctorId: null });
  const [specialtiesOpened, setSpecialtiesOpened] = useState(false);
  const timeZone = settings.data?.timeZone ?? 'Europe/Madrid';

  // The public pages list doctors and specialties; doctors show their specialty's name.
  const refreshPublic = () => void queryClient.invalidateQueries({ queryKey: getPublicClinicQueryOptions().queryKey });
  const onDoctorSaved = () => {
    void queryClient.invalidateQueries({ queryKey: getSpecialtiesQueryOptions().queryKey });
    refreshPublic();
  };
  const onSpecialtiesChanged = () => {
    void queryClient.invalidateQueries({ queryKey: doctorKeys.all });
    refreshPublic();
  };

  return (
    <>
      <PageTitle
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconCategory size={18} aria-hidden />}
              onClick={() => setSpecialtiesOpened(true)}
            >
              Especialidades
            </Button>
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setDrawer({ opened: true, doctorId: null })}
            >
              Nuevo doctor
            </Button>
          </Group>
        }
      >
        Doctores
      </PageTitle>

      {doctors.isPending && <LoadingBlock label="Cargando los doctores" />}
      {doctors.isError && !doctors.data && (
        <LoadErrorAlert
          title="No se han podido cargar los doctores"
          error={doctors.error}
          onRetry={() => void doctors.refetch()}
        />
      )}
      {doctors.data && (
        <Paper withBorder>
          {doctors.data.length === 0 ? (
            <EmptyState
              py="xl"
              icon={<IconStethoscope size={32} stroke={1.5} />}
              title="Aún no hay doctores"
              description="Crea antes las especialidades de la clínica y después añade el primer doctor con «Nuevo doctor»."
            />
          ) : (
            <DoctorsTable
              doctors={doctors.data}
              timeZone={timeZone}
              onEdit={(doctorId) => setDrawer({ opened: true, doctorId })}
            />
          )}
        </Paper>
      )}

      <DoctorDrawer
        opened={drawer.opened}
        doctorId={drawer.doctorId}
        onClose={() => setDrawer((current) => ({ ...current, opened: false }))}
        onSaved={onDoctorSaved}
        specialties={specialties.data ?? []}
        defaultAppointmentMinutes={settings.data?.defaultAppointmentMinutes ?? 30}
        timeZone={timeZone}
        takenColors={(doctors.data ?? []).map((doctor) => doctor.color.toLowerCase())}
      />
      <SpecialtiesModal
        opened={specialtiesOpened}
        onClose={() => setSpecialtiesOpened(false)}
        onChanged={onSpecialtiesChanged}
      />
    </>
  );
}
