import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endOtherSessions } from '../../../api/other-sessions';
import { errorMessageOf } from '../../../lib/api-client';

/**
 * Shown right after a second factor is turned on (issue 33): sessions opened elsewhere with the password alone
 * stay open until closed, so «Cerrar las demás sesiones» is offered there and then.
 */
export function EndOtherSessionsOffer({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['my-sessions'] }),
  });

  if (end.isSuccess) {
    return (
      <Alert color="teal" role="status" withCloseButton onClose={onClose} closeButtonLabel="Cerrar aviso">
        {end.data.ended === 1 ? 'Se ha cerrado 1 sesión.' : `Se han cerrado ${end.data.ended} sesiones.`} Desde ahora,
        para entrar hará falta también el segundo factor.
      </Alert>
    );
  }
  return (
    <Alert color="blue" role="status" title="Segundo factor activado">
      <Text size="sm">
        Las sesiones que tengas abiertas en otros dispositivos solo con la contraseña siguen abiertas. Ciérralas para
        que allí también se pida el segundo factor.
      </Text>
      {end.isError && (
        <Text size="sm" c="red" role="alert" mt="xs">
          {errorMessageOf(end.error)}
        </Text>
      )}
      <Group mt="sm">
        <Button size="xs" onClick={() => end.mutate()} loading={end.isPending}>
          Cerrar las demás sesiones
        </Button>
        <Button size="xs" variant="subtle" onClick={onClose}>
          Ahora no
        </Button>
      </Group>
    </Alert>
  );
}
