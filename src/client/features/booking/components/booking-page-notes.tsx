import { Alert, Anchor, Button, EmptyState, Paper } from '@mantine/core';
import { IconClockCheck, IconLinkOff, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { useClinic } from '../../../api/clinic';

// The notes of the booking's page (/cita/<token>, the e-mails' and the reminder's link).

/** The clinic's phone as a link, «.» when it has none. */
function ClinicPhone() {
  const { data: clinic } = useClinic();
  return clinic?.phone ? (
    <>
      {' '}
      al <Anchor href={`tel:${clinic.phone.replace(/\s/g, '')}`}>{clinic.phone}</Anchor>.
    </>
  ) : (
    <>.</>
  );
}

export function BookingNotFound({ message }: { message: string }) {
  return (
    <Paper withBorder py="xl" px="md">
      <EmptyState icon={<IconLinkOff size={32} stroke={1.5} />} title="Cita no encontrada" description={message}>
        <EmptyState.Actions>
          <Button component={Link} to={paths.booking}>
            Pedir cita
          </Button>
          <Button component={Link} to={paths.home} variant="default">
            Volver al inicio
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

/** Too late to move it online (inside the cancellation window): the clinic's phone; «No podré ir» still cancels. */
export function CallTheClinic() {
  return (
    <Alert color="blue" icon={<IconPhone size={20} aria-hidden />} title="¿Necesitas otra hora?">
      Ya no se puede cambiar la hora por internet; llama a la clínica
      <ClinicPhone />
    </Alert>
  );
}

/** Its time has come: nothing more can be done online. */
export function PastVisit() {
  return (
    <Alert color="gray" icon={<IconClockCheck size={20} aria-hidden />} title="Esta cita ya ha pasado" role="status">
      Su hora ya ha llegado, así que por internet no se puede hacer nada más con ella. Si necesitas algo, llama a la
      clínica
      <ClinicPhone />
    </Alert>
  );
}
