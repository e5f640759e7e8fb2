import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import { BookingConfirmation } from './booking-confirmation';
import { QuestionnairesAskedNote } from './questionnaires-asked-note';

/** The deposit's payment step, loaded only when a booking asks one (decision 0121). */
const BookingDepositStep = lazy(() => import('./booking-deposit-step'));

/** The booking page's last screen, loaded once the appointment exists (not in the page's first load). */
export default function BookingDone({ appointment, manageUrl }: { appointment: OwnAppointment; manageUrl?: string }) {
  return (
    <BookingConfirmation
      appointment={appointment}
      note={
        manageUrl
          ? 'Te hemos enviado un correo con los detalles y un enlace para cambiar o cancelar la cita.'
          : 'Te hemos enviado un correo con los detalles. También puedes consultarla, cambiarla o cancelarla en «Mis citas».'
      }
      extra={
        <>
          {appointment.deposit?.state === 'pendiente' && (
            <Suspense fallback={null}>
              <BookingDepositStep
                deposit={appointment.deposit}
                timeZone={appointment.timeZone}
                target={manageUrl ? { token: manageUrl.split('/cita/')[1] ?? '' } : { id: appointment.id }}
              />
            </Suspense>
          )}
          <QuestionnairesAskedNote titles={appointment.questionnairesAsked ?? []} signedIn={!manageUrl} />
        </>
      }
      actions={
        manageUrl ? (
          <>
            <Button component="a" href={manageUrl} rightSection={<IconExternalLink size={16} aria-hidden />}>
              Ver o cambiar mi cita
            </Button>
            <Button component={Link} to={paths.home} variant="default">
              Volver al inicio
            </Button>
          </>
        ) : (
          <Button component={Link} to={paths.patient.appointments}>
            Ir a Mis citas
          </Button>
        )
      }
    />
  );
}
