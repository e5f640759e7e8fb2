import { Anchor, Container, Paper, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useClinic } from '../../../features/clinic/api/get-public-clinic';

export default function BookingPage() {
  const { data: clinic } = useClinic();
  return (
    <Container size="md" py="xl">
      <PageTitle>Pedir cita</PageTitle>
      {clinic && (clinic.phone || clinic.email) && (
        <Paper withBorder p="lg">
          <Stack gap="xs">
            <Text>Para pedir cita, contacta con {clinic.name}:</Text>
            {clinic.phone && (
              <Text>
                Teléfono: <Anchor href={`tel:${clinic.phone.replace(/\s/g, '')}`}>{clinic.phone}</Anchor>
              </Text>
            )}
            {clinic.email && (
              <Text>
                Correo: <Anchor href={`mailto:${clinic.email}`}>{clinic.email}</Anchor>
              </Text>
            )}
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
