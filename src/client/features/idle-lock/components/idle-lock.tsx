import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { getIdleState, keepAlive } from '../api/activity';
import { browserTimers, createIdleTracker, type IdlePhase, type IdleTimers, type IdleTracker } from '../idle-tracker';

/**
 * What counts as the person being here: her hands on the mouse, keyboard or screen, and what she types or
 * pastes into a field (`input` fires for a person's edits, not for a script's) — never a background request.
 */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'input', 'wheel', 'touchstart'] as const;

/**
 * The desk that locks itself (issue 21, item 4), in the staff areas: watches the person's input, tells the
 * server with a throttled keep-alive, and a minute before the server ends the session warns
 * «Tu sesión se cerrará por inactividad en 1 minuto» with «Seguir conectado». The server ends it; the app
 * then signs out and says why. `timers` are injectable: tests move a fake clock instead of sleeping.
 */
export function IdleLock({ timers = browserTimers }: { timers?: IdleTimers }) {
  const [phase, setPhase] = useState<IdlePhase>('active');
  const tracker = useRef<IdleTracker | null>(null);

  useEffect(() => {
    const current = createIdleTracker({ timers, readState: getIdleState, keepAlive, onPhase: setPhase });
    tracker.current = current;
    const onInput = () => current.input();
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { passive: true, capture: true });
    current.start();
    return () => {
      current.stop();
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
    };
  }, [timers]);

  const stay = () => void tracker.current?.stayConnected();
  return (
    <Modal
      opened={phase === 'warning'}
      onClose={stay}
      withCloseButton={false}
      centered
      title="Tu sesión se cerrará por inactividad en 1 minuto"
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Text size="sm">
          Para proteger los datos de los pacientes, la sesión se cierra sola tras un rato sin usar la aplicación. Lo que
          estés escribiendo se guarda en este navegador.
        </Text>
        <Group justify="flex-end">
          <Button onClick={stay} data-autofocus>
            Seguir conectado
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
