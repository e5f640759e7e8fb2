import { Button, Divider, Drawer, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import type { Doctor, Specialty } from '../../../../common/schemas/doctors';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useDoctor } from '../../../api/doctors';
import { useSendDoctorInvitation } from '../api/send-doctor-invitation';
import { DoctorAbsences } from './doctor-absences';
import { DoctorForm } from './doctor-form';

function Invitation({ doctor }: { doctor: Doctor }) {
  const send = useSendDoctorInvitation();
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" c="dimmed">
        Si {doctor.displayName} no ha recibido el correo para elegir su contraseña, o el enlace ha caducado, envíaselo
        de nuevo a {doctor.email}.
      </Text>
      <Button
        variant="default"
        leftSection={<IconMailForward size={16} aria-hidden />}
        loading={send.isPending}
        onClick={() =>
          send.mutate(doctor.id, {
            onSuccess: () =>
              notifications.show({
                color: 'teal',
                title: 'Invitación enviada',
                message: `Hemos enviado a ${doctor.email} un enlace para elegir su contraseña.`,
                closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
              }),
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: 'No se ha podido enviar la invitación',
                message: errorMessageOf(error),
                closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
              }),
          })
        }
      >
        Reenviar invitación
      </Button>
    </Stack>
  );
}

function EditDoctor({ doctorId, ...props }: { doctorId: string } & Omit<DoctorDrawerProps, 'doctorId' | 'opened'>) {
  const doctor = useDoctor(doctorId);
  if (doctor.isPending) return <LoadingBlock label="Cargando el doctor" />;
  if (!doctor.data) {
    return (
      <LoadErrorAlert
        title="No se ha podido cargar el doctor"
        error={doctor.error}
        onRetry={() => void doctor.refetch()}
      />
    );
  }
  return (
    <Stack gap="xl">
      {/* Mounted once per doctor: a refetch never replaces what is being typed. */}
      <DoctorForm
        key={doctorId}
        doctor={doctor.data}
        specialties={props.specialties}
        defaultAppointmentMinutes={props.defaultAppointmentMinutes}
        onSaved={() => {
          props.onSaved?.();
          props.onClose();
        }}
        onCancel={props.onClose}
      />
      <Divider />
      <section aria-label="Ausencias">
        <Title order={3} size="h5" mb="sm">
          Ausencias
        </Title>
        <DoctorAbsences doctor={doctor.data} timeZone={props.timeZone} />
      </section>
      <Divider />
      <section aria-label="Acceso">
        <Title order={3} size="h5" mb="sm">
          Acceso
        </Title>
        <Invitation doctor={doctor.data} />
      </section>
    </Stack>
  );
}

interface DoctorDrawerProps {
  opened: boolean;
  /** The doctor to edit, or null to create one. */
  doctorId: string | null;
  onClose: () => void;
  specialties: Specialty[];
  defaultAppointmentMinutes: number;
  /** The clinic's time zone, to tell past absences from current ones. */
  timeZone: string;
  /** Colours other doctors already have. */
  takenColors?: string[];
  /** Called after a doctor is created or saved, before the drawer closes. */
  onSaved?: () => void;
}

/** The side panel to create or edit a doctor; full screen on a phone. */
export function DoctorDrawer({
  opened,
  doctorId,
  onClose,
  onSaved,
  specialties,
  defaultAppointmentMinutes,
  timeZone,
  takenColors,
}: DoctorDrawerProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={doctorId ? 'Editar doctor' : 'Nuevo doctor'}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* The drawer unmounts its content once closed: each opening starts afresh. */}
      {doctorId ? (
        <EditDoctor
          doctorId={doctorId}
          onClose={onClose}
          onSaved={onSaved}
          specialties={specialties}
          defaultAppointmentMinutes={defaultAppointmentMinutes}
          timeZone={timeZone}
        />
      ) : (
        <DoctorForm
          specialties={specialties}
          defaultAppointmentMinutes={defaultAppointmentMinutes}
          takenColors={takenColors}
          onSaved={() => {
            onSaved?.();
            onClose();
          }}
          onCancel={onClose}
        />
      )}
    </Drawer>
  );
}
