import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { NoEmailNotice } from '../../../features/appointments/components/no-email-notice';
import { PatientPicker } from '../../../features/appointments/components/patient-picker';
import { useBookingOptions } from '../../../features/booking/api/get-booking-options';
import { WaitingListTable } from '../../../features/waiting-list/components/waiting-list-table';

const StaffAddModal = lazy(async () => ({
  default: (await import('../../../features/waiting-list/components/staff-add-modal')).StaffAddModal,
}));

/** /admin/lista-de-espera: who waits for which doctor or specialty; add, filter, take off the list. */
export default function WaitingListPage() {
  const options = useBookingOptions();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageTitle
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setAdding(true)}
            disabled={!options.data}
          >
            Añadir a la lista
          </Button>
        }
      >
        Lista de espera
      </PageTitle>
      {options.isPending && <LoadingBlock label="Cargando especialidades y profesionales" />}
      {options.isError && (
        <LoadErrorAlert
          title="No se han podido cargar los profesionales"
          error={options.error}
          onRetry={() => void options.refetch()}
        />
      )}
      {options.data && <WaitingListTable options={options.data} />}
      {adding && options.data && (
        <Suspense fallback={null}>
          <StaffAddModal
            opened={adding}
            onClose={() => setAdding(false)}
            options={options.data}
            patientField={(value, onChange, error) => (
              <>
                <PatientPicker label="Paciente" required value={value} onChange={onChange} error={error} />
                <NoEmailNotice patientId={value}>
                  {(name) =>
                    `${name} no tiene correo electrónico: no podrá recibir las ofertas de huecos por correo. Cuando se libere uno que le encaje, recepción recibirá una tarea «Llamar a ${name}…» para ofrecérselo por teléfono, y el hueco se le guardará mientras tanto.`
                  }
                </NoEmailNotice>
              </>
            )}
          />
        </Suspense>
      )}
    </>
  );
}
