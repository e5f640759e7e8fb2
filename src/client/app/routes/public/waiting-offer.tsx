import { Alert, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarCheck, IconCalendarX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../common/paths';
import { LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useAcceptWaitingOffer } from '../../../features/waiting-list/api/accept-waiting-offer';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { capitalizeFirst, formatLongDayAndTime, minutesBetween } from '../../../lib/dates';

const TITLES: Record<string, string> = {
  SLOT_TAKEN: 'Esta hora ya está ocupada',
  NOT_FOUND: 'Oferta no encontrada',
};

/** «Infiltración (60 min)»: the service and the offer's length, which is the service's. */
function serviceLabel(offer: { serviceName: string | null; startsAt: string; endsAt: string }): string {
  return `${offer.serviceName} (${minutesBetween(offer.startsAt, offer.endsAt)} min)`;
}

/**
 * /lista-de-espera/:token, the link of a waiting-list offer: opening it books the slot. The booking is a POST
 * sent by this page's script, never the link's GET, because mail scanners open links to check them and
 * must not book anyone's appointment. The first to open their link keeps the slot; the rest are told.
 */
export default function WaitingOfferPage() {
  const { token = '' } = useParams();
  const accept = useAcceptWaitingOffer();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    accept.mutate(token);
  }, [accept, token]);

  const offer = accept.data;
  const error = accept.error;
  return (
    <Container size="sm" py="xl">
      <PageTitle>Lista de espera</PageTitle>
      {!offer && !error && <LoadingBlock label="Reservando la hora que se ha liberado" />}
      {offer && (
        <Paper withBorder p="lg" radius="md">
          <Stack>
            <Alert color="teal" icon={<IconCalendarCheck aria-hidden />} title="¡Cita reservada!">
              <Text fw={700}>{capitalizeFirst(formatLongDayAndTime(offer.startsAt, offer.timeZone))}</Text>
              <Text>
                {offer.doctorName} · {offer.specialty}
              </Text>
              {offer.serviceName && <Text>Servicio: {serviceLabel(offer)}</Text>}
              <Text size="sm" mt="xs">
                Te hemos enviado la confirmación por correo.
              </Text>
            </Alert>
            {offer.manageUrl && (
              <Group>
                <Button component="a" href={offer.manageUrl}>
                  Ver o cambiar mi cita
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
      {error && (
        <Paper withBorder p="lg" radius="md">
          <Stack>
            <Alert
              color="orange"
              icon={<IconCalendarX aria-hidden />}
              title={(error instanceof ApiError && TITLES[error.code]) || 'Oferta no disponible'}
              role="alert"
            >
              {error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE}
            </Alert>
            <Group>
              <Button component={Link} to={paths.booking} variant="default">
                Buscar otra hora
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
