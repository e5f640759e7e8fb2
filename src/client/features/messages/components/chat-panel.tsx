import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { MyConversation } from './my-conversation';

export interface ChatContact {
  name: string;
  whatsapp: string;
  phone: string;
  email: string;
}

const GREETING = 'Hola, quería hacer una consulta a la clínica.';

/** `https://wa.me/<digits>?text=<greeting>` for the clinic's WhatsApp number. */
export const whatsappLink = (number: string) =>
  `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(GREETING)}`;

/**
 * The chat panel: a signed-in paciente writes in her conversation; anyone else finds the clinic's
 * WhatsApp, phone and e-mail, and a link to sign in to write. The modal traps focus, closes with Escape
 * and returns focus to the button.
 */
export default function ChatPanel({
  opened,
  onClose,
  onClosed,
  contact,
  signedInPatient,
}: {
  opened: boolean;
  onClose: () => void;
  /** After the closing transition: the button takes the focus back (the panel was loaded after the click). */
  onClosed: () => void;
  contact: ChatContact;
  signedInPatient: boolean;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={signedInPatient ? 'Mensajes con la clínica' : `Contacta con ${contact.name}`}
      size="lg"
      returnFocus={false}
      onExitTransitionEnd={onClosed}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {signedInPatient ? (
        <MyConversation />
      ) : (
        <Stack gap="sm">
          <Text>Escríbenos o llámanos; te atendemos en horario de la clínica.</Text>
          {contact.whatsapp && (
            <Anchor href={whatsappLink(contact.whatsapp)} target="_blank" rel="noopener noreferrer">
              WhatsApp {contact.whatsapp}
            </Anchor>
          )}
          {contact.phone && <Anchor href={`tel:${contact.phone.replace(/\s/g, '')}`}>Teléfono {contact.phone}</Anchor>}
          {contact.email && <Anchor href={`mailto:${contact.email}`}>Correo {contact.email}</Anchor>}
          <Button component={Link} to={paths.auth.login} variant="light" onClick={onClose}>
            Inicia sesión para escribirnos
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
