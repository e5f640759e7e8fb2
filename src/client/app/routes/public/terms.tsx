import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useClinic } from '../../../api/clinic';
import { useDocumentTitle } from '../../../components/page-title';
import {
  BookingAndUseSections,
  ChangesAndContactSections,
  InformationAndLiabilitySections,
  OwnerSection,
  ServiceAndAccountSections,
} from './terms-sections';

const LAST_UPDATED = '22 de noviembre de 2026';

export default function TermsPage() {
  const { data: clinic } = useClinic();

  const name = clinic?.name || 'la clínica';
  const Name = clinic?.name || 'La clínica';
  const email = clinic?.email ? (
    <Anchor href={`mailto:${clinic.email}`}>{clinic.email}</Anchor>
  ) : (
    'la dirección de correo electrónico de la clínica'
  );
  const phone = clinic?.phone ? <Anchor href={`tel:${clinic.phone.replace(/\s+/g, '')}`}>{clinic.phone}</Anchor> : null;

  useDocumentTitle(clinic?.name ? `Términos y condiciones de uso · ${clinic.name}` : 'Términos y condiciones de uso');

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Términos y condiciones de uso</Title>
        <Text c="dimmed" size="sm">
          Última actualización: {LAST_UPDATED}
        </Text>
        <Text>
          Estos términos regulan el acceso y el uso de este sitio web y de los servicios que {name} ofrece a través de
          él. Le rogamos que los lea con atención: al navegar por el sitio, reservar una cita o crear una cuenta, usted
          declara haberlos leído y aceptarlos. Si no está de acuerdo con ellos, le pedimos que no utilice el sitio.
        </Text>

        <OwnerSection clinic={clinic} email={email} phone={phone} />
        <ServiceAndAccountSections name={name} Name={Name} />
        <BookingAndUseSections Name={Name} phone={phone} />
        <InformationAndLiabilitySections name={name} Name={Name} />
        <ChangesAndContactSections clinic={clinic} email={email} phone={phone} />
      </Stack>
    </Container>
  );
}
