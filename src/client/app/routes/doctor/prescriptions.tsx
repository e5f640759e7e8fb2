import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { todayIn } from '../../../lib/dates';
import { useClinicTimeZone } from '../../../api/clinic';
import { NewPrescriptionModal } from '../../../features/prescriptions/components/new-prescription-modal';
import { PrescriptionsList } from '../../../features/prescriptions/components/prescriptions-list';

/** The doctor's prescriptions: list, filters, «Nueva receta», PDF and cancellation. */
export default function PrescriptionsPage() {
  const [creating, setCreating] = useState(false);
  const timeZone = useClinicTimeZone();
  return (
    <>
      <PageTitle
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
            disabled={!timeZone.data}
          >
            Nueva receta
          </Button>
        }
      >
        Recetas
      </PageTitle>
      <PrescriptionsList />
      {timeZone.data && (
        <NewPrescriptionModal opened={creating} today={todayIn(timeZone.data)} onClose={() => setCreating(false)} />
      )}
    </>
  );
}
