import { Alert, Button, CopyButton, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { FEED_PATIENT_DISPLAY_LABELS } from '../../../../common/schemas/calendar-feeds';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useMyCalendarFeed } from '../api/get-my-calendar-feed';
import { SubscribeSteps } from './subscribe-steps';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatLongDateTime } from '../../../lib/dates';

/**
 * A private iCalendar link of the doctor's agenda (an admin's: every doctor's) to subscribe to from
 * Google Calendar, Outlook or Apple Calendar. Only a hash is stored, so the link is shown once, when made.
 */
export function CalendarFeedCard() {
  const timeZone = useClinicZone();
  const feed = useMyCalendarFeed();
  const create = useCreateCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const clinic = feed.data?.scope === 'clinic';
  const make = () => create.mutate(undefined, { onSuccess: (created) => setUrl(created.url) });

  return (
    <Paper withBorder p="lg" maw={720} component="section" aria-labelledby="calendario-suscrito">
      <Stack>
        <Title order={2} size="h4" id="calendario-suscrito">
          {clinic ? 'Calendario de la clínica en tu móvil' : 'Tu agenda en tu calendario'}
        </Title>
        {feed.isPending && <Loader size="sm" aria-label="Cargando el enlace de calendario" />}
        {feed.isError && (
          <Alert color="red" role="alert">
            No se pudo cargar el enlace de calendario. Inténtalo de nuevo más tarde.
          </Alert>
        )}
        {feed.data && (
          <>
            <Text size="sm">
              {clinic
                ? 'Un enlace privado con las citas de todos los profesionales'
                : 'Un enlace privado con tus citas'}{' '}
              (del último mes y los próximos seis), para verlas en Google Calendar, Outlook o Apple Calendar. De cada
              paciente se muestra:{' '}
              <strong>{FEED_PATIENT_DISPLAY_LABELS[feed.data.patientDisplay].toLocaleLowerCase('es')}</strong>; nunca el
              motivo de la consulta.
            </Text>
            {url ? (
              <Stack gap="xs">
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    label="Enlace de suscripción"
                    value={url}
                    readOnly
                    style={{ flex: 1 }}
                    onFocus={(event) => event.currentTarget.select()}
                  />
                  <CopyButton value={url}>
                    {({ copied, copy }) => (
                      <Button
                        onClick={copy}
                        color={copied ? 'teal' : undefined}
                        leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                      >
                        {copied ? 'Copiado' : 'Copiar'}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
                <Alert color="yellow" icon={<IconLock size={18} aria-hidden />}>
                  Guárdalo ahora: por seguridad solo se muestra esta vez. Quien tenga el enlace ve estas citas; no lo
                  compartas.
                </Alert>
              </Stack>
            ) : feed.data.createdAt ? (
              <Text size="sm" c="dimmed">
                Tienes un enlace activo creado el {formatLongDateTime(feed.data.createdAt, timeZone)}. Por seguridad no
                se vuelve a mostrar: si lo has perdido o alguien más lo tiene, crea otro y el anterior dejará de
                funcionar.
              </Text>
            ) : null}
            {create.isError && (
              <Alert color="red" role="alert">
                {create.error.message}
              </Alert>
            )}
            <Group>
              {feed.data.createdAt ? (
                <Button variant="outline" color="red" onClick={make} loading={create.isPending}>
                  Revocar y crear otro enlace
                </Button>
              ) : (
                <Button onClick={make} loading={create.isPending}>
                  Crear enlace de calendario
                </Button>
              )}
            </Group>
            <SubscribeSteps />
          </>
        )}
      </Stack>
    </Paper>
  );
}
