import { Chip, Group, Text } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';

/**
 * «Sin confirmar (N)»: the day's live appointments whose patient has not answered the reminder. Turned
 * on, the diary shows only those, each with its phone, so the desk can call them one by one.
 */
export function UnconfirmedFilter({ count, checked, onChange, ready }: { count: number; checked: boolean; onChange: (value: boolean) => void; ready: boolean }) {
  return (
    <Group gap="sm" wrap="wrap">
      <Chip checked={checked} onChange={onChange} disabled={!ready} icon={<IconPhoneCall size={14} aria-hidden />} color="orange" variant="outline">
        Sin confirmar ({ready ? count : '…'})
      </Chip>
      <Text size="sm" c="dimmed">
        {checked ? 'Solo las citas cuyo paciente no ha contestado al recordatorio: llámalos.' : 'Pacientes que aún no han confirmado su asistencia.'}
      </Text>
    </Group>
  );
}
