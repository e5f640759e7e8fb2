import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useClinic } from '../../../api/clinic';
import { useDocumentTitle } from '../../../components/page-title';
import {
  ControllerSections,
  DataWeProcessSections,
  PurposesSection,
  RecipientsAndRetentionSections,
  RightsSections,
  SecurityAndChangesSections,
} from './privacy-sections';

const LAST_UPDATED = '22 de noviembre de 2026';

export default function PrivacyPage() {
  const { data: clinic } = useClinic();

  const name = clinic?.name || 'la clínica';
  const Name = clinic?.name || 'La clínica';
  const email = clinic?.email ? (
    <Anchor href={`mailto:${clinic.email}`}>{clinic.email}</Anchor>
  ) : (
    'la dirección de correo electrónico de la clínica'
  );

  useDocumentTitle(clinic?.name ? `Política de privacidad · ${clinic.name}` : 'Política de privacidad');

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Política de privacidad</Title>
        <Text c="dimmed" size="sm">
          Última actualización: {LAST_UPDATED}
        </Text>
        <Text>
          En {name} tratamos sus datos personales con la confidencialidad que exige la relación entre paciente y
          profesional sanitario. Esta política explica, de forma clara, qué datos recogemos a través de este sitio web y
          en la prestación de nuestros servicios, para qué los usamos, con quién los compartimos, cuánto tiempo los
          conservamos y cómo puede ejercer sus derechos, de acuerdo con el Reglamento (UE) 2016/679 General de
          Protección de Datos (RGPD), la Ley Orgánica 3/2018, de Protección de Datos Personales y garantía de los
          derechos digitales (LOPDGDD), y la Ley 41/2002, básica reguladora de la autonomía del paciente y de derechos y
          obligaciones en materia de información y documentación clínica.
        </Text>

        <ControllerSections clinic={clinic} name={name} email={email} />
        <DataWeProcessSections />
        <PurposesSection name={Name} />
        <RecipientsAndRetentionSections name={name} />
        <RightsSections email={email} address={clinic?.address} />
        <SecurityAndChangesSections />
      </Stack>
    </Container>
  );
}
