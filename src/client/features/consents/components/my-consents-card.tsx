import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import {
  CONSENT_STATUS_COLORS,
  consentStatusLabel,
  type ConsentRequestItem,
} from '../../../../common/schemas/consent-signing';
import { useClinicTimeZone } from '../../../api/clinic';
import { formatLongDayAndTime, isPast } from '../../../lib/dates';
import { useCreateConsentLink } from '../../../api/consent-link';
import { useMyConsents } from '../api/get-my-consents';
import { ConsentPdfLink } from './consent-pdf-link';

function ConsentRow({ item, timeZone }: { item: ConsentRequestItem; timeZone: string }) {
  const link = useCreateConsentLink();
  const open = () => link.mutate(item.id, { onSuccess: ({ url }) => window.location.assign(url) });
  const upcoming = !isPast(item.startsAt);
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack gap={2} miw={0}>
        <Text fw={600}>{item.title}</Text>
        <Text size="sm" c="dimmed">
          Cita del {formatLongDayAndTime(item.startsAt, timeZone)} con {item.doctorName}
        </Text>
      </Stack>
      <Group gap="xs">
        <Badge color={CONSENT_STATUS_COLORS[item.status]} variant="light">
          {consentStatusLabel(item.status, !upcoming)}
        </Badge>
        {item.status === 'pendiente' && upcoming && (
          <Button
            size="xs"
            leftSection={<IconSignature size={14} aria-hidden />}
            onClick={open}
            loading={link.isPending}
          >
            Leer y firmar
          </Button>
        )}
        {item.status === 'firmado' && (
          <Button size="xs" variant="default" color="red" onClick={open} loading={link.isPending}>
            Revocar
          </Button>
        )}
        {item.actedAt && <ConsentPdfLink requestId={item.id} />}
      </Group>
    </Group>
  );
}

/** «Consentimientos» in the paciente's area: what her visits ask her to sign, and what she signed. */
export function MyConsentsCard() {
  const consents = useMyConsents();
  const timeZone = useClinicTimeZone().data ?? 'Europe/Madrid';
  if (!consents.data?.length) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="my-consents-title">
      <Title order={2} size="h4" id="my-consents-title" mb="xs">
        Consentimientos informados
      </Title>
      {consents.data.map((item) => (
        <ConsentRow key={item.id} item={item} timeZone={timeZone} />
      ))}
    </Paper>
  );
}
