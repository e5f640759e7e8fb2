import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { LinkedBooking, PendingForm } from '../../../../common/schemas/confirmations';

function FormItem({ form, action }: { form: PendingForm; action: string }) {
  return (
    <List.Item>
      {form.url ? (
        <Anchor href={form.url}>
          {action} «{form.title}»
        </Anchor>
      ) : (
        <Text span>«{form.title}»</Text>
      )}
    </List.Item>
  );
}

/**
 * «Antes de la visita»: the questionnaires to answer and the consents to sign that the visit still asks, each a link
 * when the page came from a message sent to the patient; else their titles and where the links are (her e-mail).
 */
export function PendingForms({ forms }: { forms: LinkedBooking['pendingForms'] }) {
  const all = [...forms.questionnaires, ...forms.consents];
  if (all.length === 0) return null;
  const linked = all.every((form) => form.url);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="forms-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="forms-title">
          Antes de la visita
        </Title>
        <Text size="sm">
          {linked
            ? 'La clínica te pide que lo tengas hecho antes de venir; se hace en unos minutos desde el móvil.'
            : 'La clínica te pide que lo tengas hecho antes de venir. Los enlaces están en el correo de tu reserva.'}
        </Text>
        <List spacing="xs">
          {forms.questionnaires.map((form, index) => (
            <FormItem key={`q${index}`} form={form} action="Rellenar el cuestionario" />
          ))}
          {forms.consents.map((form, index) => (
            <FormItem key={`c${index}`} form={form} action="Firmar el consentimiento" />
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
