import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';

/**
 * The right-hand panel in which staff and doctors open an appointment (full screen on a phone). It is
 * open while `value` is set, and keeps showing the last value while it slides out.
 */
export function AppointmentSidePanel<T>({
  value,
  onClose,
  children,
}: {
  value: T | null;
  onClose: () => void;
  children: (shown: T) => ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  const shown = value ?? last;
  return (
    <Drawer
      opened={value !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title="Cita"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {shown !== null && children(shown)}
    </Drawer>
  );
}
