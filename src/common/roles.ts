export const ROLES = ['admin', 'doctor', 'paciente'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administración',
  doctor: 'Doctor/a',
  paciente: 'Paciente',
};
