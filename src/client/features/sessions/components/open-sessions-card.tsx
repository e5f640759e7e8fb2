import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageOf } from '../../../lib/api-client';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useMySessions } from '../api/get-my-sessions';
import { SessionRow } from './session-row';

const CLOSE = { 'aria-label': 'Cerrar el aviso' };

const failed = (error: unknown) =>
  notifications.show({ color: 'red', closeButtonProps: CLOSE, message: errorMessageOf(error) });
const endedMessage = (count: number) =>
  count === 0
    ? 'No había otras sesiones abiertas.'
    : count === 1
      ? 'Se ha cerrado 1 sesión.'
      : `Se han cerrado ${count} sesiones.`;

/**
 * «Sesiones abiertas» of the profile (issue 21): every device where the account is signed in, this one
 * marked; «Cerrar» ends one, «Cerrar las demás» every other. The server lists and ends only the account's own.
 */
export function OpenSessionsCard({ timeZone }: { timeZone: string }) {
  const sessions = useMySessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const items = sessions.data?.items ?? [];
  const others = items.filter((item) => !item.current).length;

  return (
    <Paper withBorder p="lg" maw={560} component="section" aria-labelledby="open-sessions-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="open-sessions-title">
          Sesiones abiertas
        </Title>
        <Text size="sm" c="dimmed">
          Los dispositivos en los que tu cuenta tiene la sesión iniciada. El lugar es aproximado: la red desde la que se
          conectó. Si no reconoces alguna, ciérrala y cambia tu contraseña.
        </Text>
        {sessions.isError ? (
          <LoadErrorAlert
            title="No se pudieron cargar tus sesiones"
            error={sessions.error}
            onRetry={() => void sessions.refetch()}
          />
        ) : sessions.isPending ? (
          <LoadingBlock label="Cargando tus sesiones" />
        ) : (
          <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sesiones abiertas">
            {items.map((session) => (
              <SessionRowItem key={session.id} session={session} timeZone={timeZone} end={end} />
            ))}
          </Stack>
        )}
        <Group>
          <Button
            variant="default"
            disabled={others === 0}
            loading={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: ({ ended }) =>
                  notifications.show({ color: 'teal', closeButtonProps: CLOSE, message: endedMessage(ended) }),
                onError: failed,
              })
            }
          >
            Cerrar las demás
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function SessionRowItem({
  session,
  timeZone,
  end,
}: {
  session: Parameters<typeof SessionRow>[0]['session'];
  timeZone: string;
  end: ReturnType<typeof useEndSession>;
}) {
  return (
    <SessionRow
      session={session}
      timeZone={timeZone}
      ending={end.isPending && end.variables === session.id}
      onEnd={() =>
        end.mutate(session.id, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              closeButtonProps: CLOSE,
              message: `Sesión cerrada: ${session.browser} en ${session.device}.`,
            }),
          onError: failed,
        })
      }
    />
  );
}
