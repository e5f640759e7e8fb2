import { Chip, Group, Text } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';

/**
 * «Sin respuesta al recordatorio (N)»: the day's live appointments whose patient has not answered the
 * reminder (the patient's answer, not the appointment's status «Pendiente», which the clinic confirms). Turned
 * on, the diary shows only those, each with its phone, so the desk can call them one by one.
 */
export function UnconfirmedFilter({
  count,
  checked,
  onChange,
  ready,
}: {
  count: number;
  checked: boolean;
  onChange: (value: boolean) => void;
  ready: boolean;
}) {
  return (
    <Group gap="sm" wrap="wrap">
      <Chip
        checked={checked}
        onChange={onChange}
        disabled={!ready}
        icon={<IconPhoneCall size={14} aria-hidden />}
        color="orange"
        variant="outline"
      >
        Sin respuesta al recordatorio ({ready ? count : '…'})
      </Chip>
      <Text size="sm" c="dimmed">
        {checked
          ? 'Solo las citas cuyo paciente no ha contestado al recordatorio: llámalos.'
          : 'Pacientes que aún no han contestado al recordatorio de su cita.'}
      </Text>
    </Group>
  );
}
