import { Button, EmptyState, Paper, Text } from '@mantine/core';
import { IconBuildingBank, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useClinicServices } from '../../../api/clinic-services';
import { useInsurers } from '../../../api/insurers';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { InsurerFormModal } from '../../../features/insurers/components/insurer-form-modal';
import { InsurersTable } from '../../../features/insurers/components/insurers-table';
import { TariffsModal } from '../../../features/insurers/components/tariffs-modal';

/** What is open: an insurer's form (`null` id creates one) or its tariff; the key remounts each. */
type Open = { form: 'insurer' | 'tariffs'; insurerId: string | null } | null;

/** «Aseguradoras» (issue 36, item 1): mutuas y aseguradoras, their CIF, copay and tariff per service. */
export default function InsurersPage() {
  const insurers = useInsurers();
  const services = useClinicServices();
  const [open, setOpen] = useState<Open>(null);
  const openInsurer = insurers.data?.find((insurer) => insurer.id === open?.insurerId) ?? null;

  return (
    <>
      <PageTitle
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setOpen({ form: 'insurer', insurerId: null })}
          >
            Nueva aseguradora
          </Button>
        }
      >
        Aseguradoras
      </PageTitle>
      <Text c="dimmed" mb="md" maw={720}>
        Las mutuas y aseguradoras con las que trabaja la clínica: su CIF y dirección para facturarles, el copago que
        paga la paciente, si piden autorización para cada visita y cuánto pagan por cada servicio.
      </Text>
      {insurers.isPending && <LoadingBlock label="Cargando las aseguradoras" />}
      {insurers.isError && !insurers.data && (
        <LoadErrorAlert
          title="No se han podido cargar las aseguradoras"
          error={insurers.error}
          onRetry={() => void insurers.refetch()}
        />
      )}
      {insurers.data && (
        <Paper withBorder>
          {insurers.data.length === 0 ? (
            <EmptyState
              py="xl"
              icon={<IconBuildingBank size={32} stroke={1.5} />}
              title="Aún no hay aseguradoras"
              description="Añade la primera con «Nueva aseguradora»: su CIF, su dirección y su copago."
            />
          ) : (
            <InsurersTable
              insurers={insurers.data}
              onEdit={(insurerId) => setOpen({ form: 'insurer', insurerId })}
              onTariffs={(insurerId) => setOpen({ form: 'tariffs', insurerId })}
            />
          )}
        </Paper>
      )}
      {open?.form === 'insurer' && (
        <InsurerFormModal key={open.insurerId ?? 'new'} insurer={openInsurer} onClose={() => setOpen(null)} />
      )}
      {open?.form === 'tariffs' && openInsurer && services.data && (
        <TariffsModal
          key={openInsurer.id}
          insurer={openInsurer}
          services={services.data}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
