import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { Message, ReplyChannels, ReplyVia } from '../../../../common/schemas/messages';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatShortDateTime } from '../../../lib/dates';

/** The way a reply goes by default: the channel of her last message, when the desk may answer by it; else the web. */
export function defaultVia(messages: Message[], channels: ReplyChannels): ReplyVia {
  const last = messages.filter((message) => message.side === 'patient').at(-1);
  return last?.channel && channels[last.channel].available ? last.channel : 'web';
}

/**
 * «Enviar por»: the web chat, SMS or WhatsApp. A channel the desk cannot use is shown disabled with the reason;
 * WhatsApp only within 24 hours of her last message there (docs/decisions/0128).
 */
export function ReplyVia({
  value,
  onChange,
  channels,
}: {
  value: ReplyVia;
  onChange: (via: ReplyVia) => void;
  channels: ReplyChannels;
}) {
  const timeZone = useClinicZone();
  const { sms, whatsapp } = channels;
  const hint =
    value === 'sms' && sms.to
      ? `Se envía por SMS al ${sms.to}.`
      : value === 'whatsapp' && whatsapp.openUntil
        ? `Se envía por WhatsApp al ${whatsapp.to}. Puedes escribirle por WhatsApp hasta el ${formatShortDateTime(whatsapp.openUntil, timeZone)} (24 horas desde su último mensaje).`
        : whatsapp.to && !whatsapp.available
          ? 'WhatsApp: han pasado más de 24 horas desde su último mensaje y solo deja escribirle con una plantilla aprobada. Respóndele por SMS o en la web.'
          : 'Lo lee en su área de paciente; si no lo abre en 15 minutos, le avisamos por correo.';
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="reply-via-label">
        Enviar por
      </Text>
      <SegmentedControl
        aria-labelledby="reply-via-label"
        value={value}
        onChange={(next) => onChange(next as ReplyVia)}
        data={[
          { value: 'web', label: 'Web' },
          { value: 'sms', label: 'SMS', disabled: !sms.available },
          { value: 'whatsapp', label: 'WhatsApp', disabled: !whatsapp.available },
        ]}
      />
      <Text size="xs" c="dark.4">
        {hint}
      </Text>
    </Stack>
  );
}
