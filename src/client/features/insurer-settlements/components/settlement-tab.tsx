import { useClinicTimeZone } from '../../../api/clinic';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { todayIn } from '../../../lib/dates';
import { SettlementPanel } from './settlement-panel';

/** «Facturación › Liquidación de aseguradoras»: the panel, in the clinic's zone and from its today. */
export function SettlementTab() {
  const timeZone = useClinicTimeZone();
  if (timeZone.isPending) return <LoadingBlock label="Cargando" />;
  if (timeZone.isError) return <LoadErrorAlert title="No se ha podido cargar la clínica" error={timeZone.error} />;
  return <SettlementPanel today={todayIn(timeZone.data)} timeZone={timeZone.data} />;
}
