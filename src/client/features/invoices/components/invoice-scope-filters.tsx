import { Select } from '@mantine/core';
import type { InvoiceListQuery } from '../../../../common/schemas/invoices';
import { useClinicServices } from '../../../api/clinic-services';
import { useActiveDoctors } from '../../../api/doctors';
import { todayIn } from '../../../lib/dates';
import { distinctServiceNames } from './service-options';

const SERIES_KINDS = [
  ['F', 'Completas'],
  ['S', 'Simplificadas'],
  ['R', 'Rectificativas'],
] as const;

/** The series of this year and the last, by kind: «Completas 2027 (F2027)». */
function seriesOptions(timeZone: string) {
  const year = Number(todayIn(timeZone).slice(0, 4));
  return [year, year - 1].flatMap((each) =>
    SERIES_KINDS.map(([prefix, label]) => ({
      value: `${prefix}${each}`,
      label: `${label} ${each} (${prefix}${each})`,
    })),
  );
}

/** Which invoices: of a series, with a doctor's visits, or of a service (the server filters by the lines). */
export function InvoiceScopeFilters({
  filters,
  onChange,
  timeZone,
}: {
  filters: InvoiceListQuery;
  onChange: (filters: InvoiceListQuery) => void;
  /** The clinic's, once known: its year names the series. */
  timeZone: string | undefined;
}) {
  const doctors = useActiveDoctors();
  const services = useClinicServices();
  const names = distinctServiceNames(services.data ?? []);
  const serviceOptions = (services.data ?? []).map((service) => ({ value: service.id, label: names.get(service.id)! }));
  return (
    <>
      <Select
        size="md"
        label="Serie"
        placeholder="Todas"
        clearable
        w={240}
        data={timeZone ? seriesOptions(timeZone) : []}
        value={filters.series ?? null}
        onChange={(series) => onChange({ ...filters, series: series ?? undefined })}
      />
      <Select
        size="md"
        label="Profesional"
        placeholder="Todos"
        clearable
        searchable
        w={240}
        data={(doctors.data ?? []).map((doctor) => ({ value: doctor.id, label: doctor.displayName }))}
        value={filters.doctorId ?? null}
        onChange={(doctorId) => onChange({ ...filters, doctorId: doctorId ?? undefined })}
      />
      <Select
        size="md"
        label="Servicio"
        placeholder="Todos"
        clearable
        searchable
        w={240}
        data={serviceOptions}
        value={filters.serviceId ?? null}
        onChange={(serviceId) => onChange({ ...filters, serviceId: serviceId ?? undefined })}
      />
    </>
  );
}
