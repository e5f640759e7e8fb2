// What a request is told of an entity it may not see, or that does not exist: the same words for both.
export const PATIENT_NOT_FOUND = 'Paciente no encontrado';
export const APPOINTMENT_NOT_FOUND = 'Cita no encontrada';
