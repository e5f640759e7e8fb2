import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import './new-appointment.css';

// Loaded as /agendar-cita loads it, so both routes share the one chunk of the booking screen (and the
// public page's first load stays what it was).
const BookingPage = lazy(() => import('../public/booking'));

/**
 * «Pedir cita» inside the patient's area (/pacientes/citas/nueva): the same booking screen, components and
 * API as /agendar-cita (a signed-in paciente books with her data, POST of her own booking), drawn in her
 * signed-in layout so she never leaves the area to book.
 */
export default function PatientNewAppointmentPage() {
  return (
    <Box className="area-booking">
      <Suspense fallback={<FullScreenLoader />}>
        <BookingPage />
      </Suspense>
    </Box>
  );
}
