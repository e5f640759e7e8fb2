import { Alert, Anchor, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';

const quoted = (titles: string[]) =>
  titles.length === 1
    ? `el cuestionario «${titles[0]}»`
    : `los cuestionarios ${titles
        .map((title) => `«${title}»`)
        .join(', ')
        .replace(/, ([^,]*)$/, ' y $1')}`;

/**
 * «Antes de la visita, rellena…»: the questionnaires the booking asked, and where to find them — the booking's e-mail
 * for a visitor (the link is sent to her address, not shown to whoever typed it), her area's «Cuestionarios» for a
 * paciente.
 */
export function QuestionnairesAskedNote({ titles, signedIn }: { titles: string[]; signedIn: boolean }) {
  if (titles.length === 0) return null;
  const one = titles.length === 1;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconClipboardList size={20} aria-hidden />}
      title={one ? 'Antes de la visita, rellena el cuestionario' : 'Antes de la visita, rellena los cuestionarios'}
    >
      {signedIn ? (
        <Text size="sm">
          La clínica te pide {quoted(titles)}. {one ? 'Lo tienes' : 'Los tienes'} en{' '}
          <Anchor component={Link} to={paths.patient.questionnaires}>
            «Cuestionarios»
          </Anchor>{' '}
          de tu área; {one ? 'se guarda' : 'se guardan'} mientras escribes.
        </Text>
      ) : (
        <Text size="sm">
          La clínica te pide {quoted(titles)}.{' '}
          {one
            ? 'Encontrarás el enlace para rellenarlo en el correo de la reserva; se guarda mientras escribes.'
            : 'Encontrarás los enlaces para rellenarlos en el correo de la reserva; se guardan mientras escribes.'}
        </Text>
      )}
    </Alert>
  );
}
