import { EmptyState, Paper, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useClinicTimeZone } from '../../../api/clinic';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PeriodPicker, periodDays, type Period } from '../../../components/period-picker';
import { DEFAULT_CLINIC_TIME_ZONE } from '../../../lib/clinic-time-zone';
import { formatCalendarRange, todayIn } from '../../../lib/dates';
import { useSales } from '../api/get-sales';
import { SalesTable } from './sales-table';

/** The three tables, one per way of looking at the same invoices. */
const TABLES = [
  { table: 'servicio', title: 'Ventas por servicio', rows: 'byService' },
  { table: 'aseguradora', title: 'Ventas por aseguradora', rows: 'byInsurer' },
  { table: 'profesional', title: 'Ventas por profesional', rows: 'byDoctor' },
] as const;

/**
 * «Ventas»: the invoices issued in a period by service, insurer («Privado»: the patient pays) and doctor, each
 * table with its CSV and a total row that is the books' (decision 0122).
 */
export function SalesPanel() {
  const timeZone = useClinicTimeZone();
  const [period, setPeriod] = useState<Period>({ preset: 'este-mes', range: null });
  const days = periodDays(period, todayIn(timeZone.data ?? DEFAULT_CLINIC_TIME_ZONE));
  const sales = useSales(days);
  const range = formatCalendarRange(days.from, days.to);
  return (
    <Stack>
      <PeriodPicker value={period} onChange={setPeriod} />
      <Text c="dimmed" maw={760} aria-live="polite">
        Facturas emitidas del {range}, por su fecha de emisión en la zona horaria de la clínica. Una rectificativa resta
        en el periodo en que se emite, en el servicio y el profesional de la factura que rectifica; las anuladas y las
        F3 no suman. Las facturas a una aseguradora cuentan en ella; el copago del paciente, en «Privado». Un bono
        cuenta en su servicio y un presupuesto facturado por adelantado, en los servicios y el profesional del
        presupuesto. «Cobrado» es lo pagado hasta hoy de esas facturas. El total de cada tabla es el de los libros.
      </Text>
      {sales.isPending && <LoadingBlock label="Cargando las ventas" />}
      {sales.isError && (
        <LoadErrorAlert
          title="No se han podido cargar las ventas"
          error={sales.error}
          onRetry={() => void sales.refetch()}
        />
      )}
      {sales.data && sales.data.byService.length === 0 && (
        <Paper withBorder>
          <EmptyState
            py="xl"
            icon={<IconReceipt size={32} stroke={1.5} />}
            title="No hay ventas en este periodo"
            description="No se emitió ninguna factura en estas fechas."
          />
        </Paper>
      )}
      {sales.data && sales.data.byService.length > 0 && (
        <>
          {TABLES.map(({ table, title, rows }) => (
            <SalesTable
              key={table}
              table={table}
              title={title}
              rows={sales.data[rows]}
              totals={sales.data.totals}
              period={days}
            />
          ))}
        </>
      )}
    </Stack>
  );
}
