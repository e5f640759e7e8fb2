import { Button, EmptyState, Group, Paper, Select, Text } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useClinicServices } from '../../../api/clinic-services';
import { useDoctors } from '../../../api/doctors';
import { useSpecialties } from '../../../api/specialties';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { ServiceFormModal } from '../../../features/clinic-services/components/service-form-modal';
import { ServicesTable } from '../../../features/clinic-services/components/services-table';

/** The modal's service: `null` creates one; the key remounts the form for each service. */
type Editing = { serviceId: string | null } | null;

/** «Servicios y tarifas» (issue 23): what the clinic offers, for how long, at what price and VAT. */
export default function ServicesPage() {
  const services = useClinicServices();
  const specialties = useSpecialties();
  const doctors = useDoctors();
  const [specialtyId, setSpecialtyId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const shown = (services.data ?? []).filter((service) => !specialtyId || service.specialtyId === specialtyId);
  const editedService = services.data?.find((service) => service.id === editing?.serviceId) ?? null;

  return (
    <>
      <PageTitle
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ serviceId: null })}>
            Nuevo servicio
          </Button>
        }
      >
        Servicios y tarifas
      </PageTitle>
      <Text c="dimmed" mb="md" maw={720}>
        Lo que ofrece la clínica, cuánto dura y su precio. La asistencia sanitaria está exenta de IVA; lo que no lo es,
        como un tratamiento estético, lleva el tipo que corresponda.
      </Text>
      <Group mb="md">
        <Select
          label="Especialidad"
          placeholder="Todas"
          clearable
          data={(specialties.data ?? []).map((specialty) => ({ value: specialty.id, label: specialty.name }))}
          value={specialtyId}
          onChange={setSpecialtyId}
          w={260}
        />
      </Group>
      {services.isPending && <LoadingBlock label="Cargando los servicios" />}
      {services.isError && !services.data && (
        <LoadErrorAlert
          title="No se han podido cargar los servicios"
          error={services.error}
          onRetry={() => void services.refetch()}
        />
      )}
      {services.data && (
        <Paper withBorder>
          {shown.length === 0 ? (
            <EmptyState
              py="xl"
              icon={<IconReceipt size={32} stroke={1.5} />}
              title={specialtyId ? 'Esta especialidad aún no tiene servicios' : 'Aún no hay servicios'}
              description="Añade el primero con «Nuevo servicio»: su duración, su precio y su IVA."
            />
          ) : (
            <ServicesTable services={shown} onEdit={(serviceId) => setEditing({ serviceId })} />
          )}
        </Paper>
      )}
      {editing && (
        <ServiceFormModal
          key={editing.serviceId ?? 'new'}
          service={editedService}
          specialties={specialties.data ?? []}
          doctors={doctors.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
