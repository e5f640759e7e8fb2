import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { BookingOptions } from '../../../../common/schemas/appointments';
import type { Profile } from '../../../../common/schemas/auth';
import { ApiError } from '../../../lib/api-client';
import { useJoinMyWaitingList } from '../api/join-my-waiting-list';
import { useJoinPublicWaitingList } from '../api/join-public-waiting-list';
import { ContactFields, type Contact } from './contact-fields';
import { WishDays, wishTarget } from './entry-summary';
import { useWish, WishFields, type Wish } from './wish-fields';

interface JoinWaitingListModalProps {
  opened: boolean;
  onClose: () => void;
  options: BookingOptions;
  /** `mine`: from the paciente's area (their record); `public`: from /agendar-cita (visitor or paciente). */
  mode: 'public' | 'mine';
  patient: Profile | null;
  initial?: Partial<Wish>;
}

/** «Avísame si se libera una hora»: what suits, and (for a visitor) who to write to. */
export function JoinWaitingListModal({ opened, onClose, options, mode, patient, initial }: JoinWaitingListModalProps) {
  const [wish, setWish] = useWish(options.timeZone, initial);
  const [firstName = '', ...rest] = (patient?.displayName ?? '').trim().split(/\s+/);
  const name = { firstName, lastName: rest.join(' ') };
  const [contact, setContact] = useState<Contact>({
    firstName: name.firstName,
    lastName: name.lastName,
    email: patient?.email ?? '',
    phone: patient?.phone ?? '',
    acceptPrivacy: Boolean(patient),
    website: '',
  });
  const joinPublic = useJoinPublicWaitingList();
  const joinMine = useJoinMyWaitingList();
  const mutation = mode === 'mine' ? joinMine : joinPublic;
  const [done, setDone] = useState(false);
  // What was recorded, as the server answered it (the public answer carries only the wish).
  const joined = mode === 'mine' ? joinMine.data : joinPublic.data?.wish;
  const error = mutation.error instanceof ApiError ? mutation.error : null;
  const errors = error?.fields ?? {};

  const submit = () => {
    const onSuccess = () => setDone(true);
    if (mode === 'mine') joinMine.mutate(wish, { onSuccess });
    else joinPublic.mutate({ ...wish, ...contact, acceptPrivacy: contact.acceptPrivacy as true }, { onSuccess });
  };
  const close = () => {
    setDone(false);
    mutation.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Avísame si se libera una hora" size="lg">
      {done ? (
        <Stack>
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title="Estás en la lista de espera">
            {joined && (
              <Stack gap={0} mb="xs">
                <Text size="sm" fw={600}>
                  {wishTarget(joined)}
                </Text>
                <WishDays entry={joined} />
              </Stack>
            )}
            Si se libera una hora que encaje, te enviaremos un correo con un enlace para reservarla con un clic. Lo
            recibirán también otras personas de la lista: la hora es para quien lo abra antes.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Entendido</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          aria-label="Apuntarme a la lista de espera"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Dinos con quién y qué días te vendría bien. Te avisaremos por correo en cuanto se libere una hora.
            </Text>
            {error && (
              <Alert color="red" role="alert" title="No se ha podido apuntar a la lista">
                {error.message}
              </Alert>
            )}
            <WishFields options={options} services={options.services} value={wish} onChange={setWish} errors={errors} />
            {mode === 'public' && (
              <ContactFields value={contact} onChange={setContact} errors={errors} readOnly={Boolean(patient)} />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                Apuntarme a la lista
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
