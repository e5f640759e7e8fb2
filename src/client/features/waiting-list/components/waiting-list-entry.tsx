import { Button, Group, Paper, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { BookingOptions } from '../../../../common/schemas/appointments';
import type { Profile } from '../../../../common/schemas/auth';

// The form (a modal with its selects, the shared schemas and zod: 76 kB as sent) is fetched when the visitor
// reaches for the button, not with «Día y hora»: most never open it, and on a phone those bytes came before the
// free times could be picked (the booking's budget, vite.config.ts).
const loadModal = () => import('./join-waiting-list-modal');
const JoinWaitingListModal = lazy(() => loadModal().then((module) => ({ default: module.JoinWaitingListModal })));

interface WaitingListEntryProps {
  options: BookingOptions;
  specialtyId: string | null;
  doctorId: string | null;
  /** The service chosen in the booking, wished for too. */
  serviceId?: string | null;
  patient: Profile | null;
  mode?: 'public' | 'mine';
}

/** Beside the slot picker: when no time suits, join the waiting list for this doctor or specialty. */
export function WaitingListEntry({
  options,
  specialtyId,
  doctorId,
  serviceId = null,
  patient,
  mode = 'public',
}: WaitingListEntryProps) {
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Lista de espera">
      <Group justify="space-between" gap="sm">
        <Text size="sm">¿Ninguna hora te viene bien? Te avisamos por correo si se libera una.</Text>
        <Button
          variant="light"
          leftSection={<IconBellRinging size={18} aria-hidden />}
          // Fetched as the finger or the pointer reaches it, so the click mostly finds it loaded.
          onPointerDown={() => void loadModal()}
          onFocus={() => void loadModal()}
          onClick={() => setOpen(true)}
        >
          Avísame si se libera una hora
        </Button>
      </Group>
      {open && (
        <Suspense fallback={null}>
          <JoinWaitingListModal
            opened={open}
            onClose={() => setOpen(false)}
            options={options}
            mode={mode}
            patient={patient}
            initial={{ specialtyId, doctorId, serviceId }}
          />
        </Suspense>
      )}
    </Paper>
  );
}
