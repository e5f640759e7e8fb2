import { Paper, Text } from '@mantine/core';
import type { VisitSummary } from '../../../../common/schemas/clinical-notes';

/** The summary the doctor shared, shown to the patient on that appointment. */
export function VisitSummaryText({ summary }: { summary: VisitSummary }) {
  return (
    <Paper withBorder p="sm" radius="sm" bg="gray.0" component="section" aria-label="Resumen de la visita">
      <Text size="sm" fw={600}>
        Resumen de la visita
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {summary.text}
      </Text>
    </Paper>
  );
}
