import { Box, Stack, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { COLLECTION_FILTERS, type InvoiceListQuery } from '../../../../common/schemas/invoices';
import { useIssuer } from '../../../api/invoices';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { ChainPanel } from '../../../features/invoices/components/chain-panel';
import { InvoiceFilters } from '../../../features/invoices/components/invoice-filters';
import { ManagedInvoices } from '../../../features/invoices/components/managed-invoices';
import { IssuerForm } from '../../../features/invoices/components/issuer-form';
import { CashPanel } from '../../../features/invoices/components/cash-panel';
import { BillingModeBanner } from '../../../features/invoices/components/billing-mode-banner';
import { ModePanel } from '../../../features/invoices/components/mode-panel';
import { BooksPanel } from '../../../features/books/components/books-panel';
import { DebtsPanel } from '../../../features/debts/components/debts-panel';
import { SalesPanel } from '../../../features/sales/components/sales-panel';
import { QuoteReportPanel } from '../../../features/quotes/components/quote-report-panel';
import { SettlementsPanel } from '../../../features/settlements/components/settlements-panel';
import { SettlementTab } from '../../../features/insurer-settlements/components/settlement-tab';

const TABS = [
  'facturas',
  'caja',
  'ventas',
  'deudas',
  'presupuestos',
  'aseguradoras',
  'liquidaciones',
  'libros',
  'datos-fiscales',
  'verifactu',
] as const;

/** The filters as the address carries them (`?desde=…&hasta=…&serie=…&profesional=…&servicio=…&estado=…`). */
function filtersOf(params: URLSearchParams): InvoiceListQuery {
  const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
  const id = (value: string | null) => (value && /^[0-9a-f-]{36}$/i.test(value) ? value : undefined);
  const collection = COLLECTION_FILTERS.find((filter) => filter === params.get('estado'));
  const series = params.get('serie');
  return {
    from: day(params.get('desde')),
    to: day(params.get('hasta')),
    series: series && /^[A-Z]{1,3}\d{4}[A-Z]?$/.test(series) ? series : undefined,
    doctorId: id(params.get('profesional')),
    serviceId: id(params.get('servicio')),
    collection,
  };
}

function InvoicesTab({
  filters,
  onFilters,
}: {
  filters: InvoiceListQuery;
  onFilters: (next: InvoiceListQuery) => void;
}) {
  return (
    <>
      <InvoiceFilters filters={filters} onChange={onFilters} />
      <ManagedInvoices
        filters={filters}
        texts={{
          loading: 'Cargando las facturas',
          failed: 'No se han podido cargar las facturas',
          none: 'No hay facturas con estos filtros',
          noneHint: 'Se factura una cita atendida con «Facturar», en las citas de hoy o en el calendario.',
        }}
      />
    </>
  );
}

/** «Facturación»: the clinic's invoices, its cash, its sales, its books, its fiscal data and its VERI*FACTU chain. */
export default function BillingPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((name) => name === params.get('pestana')) ?? 'facturas';
  const issuer = useIssuer();
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  return (
    <>
      <PageTitle>Facturación</PageTitle>
      <Text c="dimmed" mb="md" maw={760}>
        Las facturas no se modifican ni se borran: se rectifican o, si se emitieron por error, se anulan. Cada una queda
        registrada y encadenada en VERI*FACTU.
      </Text>
      {/* The «VERI*FACTU» tab says it all itself. */}
      {tab !== 'verifactu' && (
        <Box mb="md" maw={960}>
          <BillingModeBanner />
        </Box>
      )}
      <Tabs
        value={tab}
        onChange={(value) => update({ pestana: value === 'facturas' ? undefined : (value ?? undefined) })}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="facturas">Facturas</Tabs.Tab>
          <Tabs.Tab value="caja">Caja</Tabs.Tab>
          <Tabs.Tab value="ventas">Ventas</Tabs.Tab>
          <Tabs.Tab value="deudas">Deudas</Tabs.Tab>
          <Tabs.Tab value="presupuestos">Presupuestos</Tabs.Tab>
          <Tabs.Tab value="aseguradoras">Liquidación de aseguradoras</Tabs.Tab>
          <Tabs.Tab value="liquidaciones">Liquidaciones</Tabs.Tab>
          <Tabs.Tab value="libros">Libros</Tabs.Tab>
          <Tabs.Tab value="datos-fiscales">Datos fiscales</Tabs.Tab>
          <Tabs.Tab value="verifactu">VERI*FACTU</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="facturas">
          <InvoicesTab
            filters={filtersOf(params)}
            onFilters={(next) =>
              update({
                desde: next.from,
                hasta: next.to,
                serie: next.series,
                profesional: next.doctorId,
                servicio: next.serviceId,
                estado: next.collection,
              })
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="caja">{tab === 'caja' && <CashPanel />}</Tabs.Panel>
        <Tabs.Panel value="ventas">{tab === 'ventas' && <SalesPanel />}</Tabs.Panel>
        <Tabs.Panel value="deudas">{tab === 'deudas' && <DebtsPanel />}</Tabs.Panel>
        <Tabs.Panel value="presupuestos">{tab === 'presupuestos' && <QuoteReportPanel />}</Tabs.Panel>
        <Tabs.Panel value="liquidaciones">{tab === 'liquidaciones' && <SettlementsPanel />}</Tabs.Panel>
        <Tabs.Panel value="libros">{tab === 'libros' && <BooksPanel />}</Tabs.Panel>
        <Tabs.Panel value="datos-fiscales">
          {issuer.isPending && <LoadingBlock label="Cargando los datos fiscales" />}
          {issuer.isError && <LoadErrorAlert title="No se han podido cargar los datos fiscales" error={issuer.error} />}
          {issuer.data && <IssuerForm key={issuer.data.taxId} issuer={issuer.data} />}
        </Tabs.Panel>
        <Tabs.Panel value="verifactu">
          {tab === 'verifactu' && (
            <Stack gap="xl">
              <ModePanel />
              <ChainPanel />
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="aseguradoras">{tab === 'aseguradoras' && <SettlementTab />}</Tabs.Panel>
      </Tabs>
    </>
  );
}
