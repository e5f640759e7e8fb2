import { Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { settlementApi } from '../../../../common/api-paths';
import { formatEuros } from '../../../../common/money';
import {
  percentLabel,
  SETTLEMENT_BASIS_LABELS,
  type DoctorSettlementRule,
} from '../../../../common/schemas/settlements';
import { useClinicServices } from '../../../api/clinic-services';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { formatCalendarMonth, monthsBack, todayIn } from '../../../lib/dates';
import { useClinicTimeZone } from '../../../api/clinic';
import { useSettlementRules, useSettlements } from '../api/settlements';
import { SettlementModal } from './settlement-modal';
import { SettlementRuleModal } from './settlement-rule-modal';

/** «40 % sobre lo facturado · aseguradoras 25 % · 2 servicios con regla propia», or «Sin regla». */
function ruleSummary(rule: DoctorSettlementRule['rule']) {
  if (!rule) return 'Sin regla: no se liquida';
  const parts = [`${percentLabel(rule.percentBp)} ${SETTLEMENT_BASIS_LABELS[rule.basis].toLowerCase()}`];
  if (rule.insurerPercentBp !== null) parts.push(`aseguradoras ${percentLabel(rule.insurerPercentBp)}`);
  if (rule.services.length > 0) parts.push(`${rule.services.length} servicio(s) con regla propia`);
  return parts.join(' · ');
}

/** «Liquidaciones»: each doctor's rule and her settlement of a month, issued or to issue, and the month's CSV. */
export function SettlementsPanel() {
  const timeZone = useClinicTimeZone();
  if (timeZone.isError)
    return <LoadErrorAlert title="No se han podido cargar las liquidaciones" error={timeZone.error} />;
  if (!timeZone.data) return <LoadingBlock label="Cargando las liquidaciones" />;
  return <SettlementsOfMonth today={todayIn(timeZone.data)} />;
}

function SettlementsOfMonth({ today }: { today: string }) {
  const months = monthsBack(today, 13);
  // The last month over is the one to settle, on the first days of the next.
  const [month, setMonth] = useState(months[1]!);
  const rules = useSettlementRules();
  const issued = useSettlements();
  const services = useClinicServices();
  const [editing, setEditing] = useState<DoctorSettlementRule | null>(null);
  const [viewing, setViewing] = useState<DoctorSettlementRule | null>(null);

  if (rules.isPending || issued.isPending) return <LoadingBlock label="Cargando las liquidaciones" />;
  if (rules.isError || issued.isError) {
    return <LoadErrorAlert title="No se han podido cargar las liquidaciones" error={rules.error ?? issued.error} />;
  }
  const issuedOf = (doctorId: string) => issued.data.find((row) => row.doctorId === doctorId && row.month === month);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Select
          label="Mes"
          data={months.map((value) => ({ value, label: formatCalendarMonth(value) }))}
          value={month}
          allowDeselect={false}
          onChange={(value) => value && setMonth(value)}
          w={220}
        />
        <Button
          component="a"
          href={`${settlementApi.monthCsv}?month=${month}`}
          download
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        >
          Exportar el mes (CSV)
        </Button>
      </Group>
      <Text c="dimmed" maw={760}>
        Lo que corresponde a cada profesional por su regla, sobre la base sin IVA. Una liquidación emitida no cambia: lo
        que ocurra después (una rectificativa, un cobro tardío) entra en la del mes siguiente.
      </Text>
      <Paper withBorder>
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label="Liquidaciones de profesionales" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Profesional</Table.Th>
                <Table.Th>Regla</Table.Th>
                <Table.Th ta="right">Liquidación del mes</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.data.map((doctor) => {
                const done = issuedOf(doctor.doctorId);
                return (
                  <Table.Tr key={doctor.doctorId}>
                    <Table.Td>{doctor.doctorName}</Table.Td>
                    <Table.Td>{ruleSummary(doctor.rule)}</Table.Td>
                    <Table.Td ta="right">
                      {done ? formatEuros(done.shareCents) : doctor.rule ? 'Sin emitir' : '—'}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditing(doctor)}>
                          Regla
                        </Button>
                        {doctor.rule && (
                          <Button size="xs" variant="light" onClick={() => setViewing(doctor)}>
                            {done ? 'Ver' : 'Preparar'}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {editing && (
        <SettlementRuleModal doctor={editing} services={services.data ?? []} onClose={() => setEditing(null)} />
      )}
      {viewing && (
        <SettlementModal
          doctorId={viewing.doctorId}
          doctorName={viewing.doctorName}
          month={month}
          issuedId={issuedOf(viewing.doctorId)?.id ?? null}
          canIssue
          onClose={() => setViewing(null)}
        />
      )}
    </Stack>
  );
}
