import {
  IconCalendarEvent,
  IconChartBar,
  IconCalendarPlus,
  IconCalendarTime,
  IconChecklist,
  IconClipboardHeart,
  IconClipboardList,
  IconFileCertificate,
  IconFileInvoice,
  IconFiles,
  IconHistory,
  IconHourglass,
  IconLayoutDashboard,
  IconMessages,
  IconPill,
  IconReceipt,
  IconBuildingBank,
  IconTicket,
  IconSettings,
  IconShieldSearch,
  IconStar,
  IconStethoscope,
  IconUser,
  IconUserShield,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '../../common/paths';
import type { Role } from '../../common/roles';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
}

/** The navigation of each area: every screen of the area is one click away. */
export const navigationOf: Record<Role, NavItem[]> = {
  admin: [
    { label: 'Panel', to: paths.admin.dashboard, icon: IconLayoutDashboard },
    { label: 'Citas de hoy', to: paths.admin.today, icon: IconCalendarTime },
    { label: 'Calendario', to: paths.admin.calendar, icon: IconCalendarEvent },
    { label: 'Nueva cita', to: paths.admin.newAppointment, icon: IconCalendarPlus },
    { label: 'Historial de citas', to: paths.admin.appointments, icon: IconHistory },
    { label: 'Lista de espera', to: paths.admin.waitingList, icon: IconHourglass },
    { label: 'Pacientes', to: paths.admin.patients, icon: IconUsers },
    { label: 'Doctores', to: paths.admin.doctors, icon: IconStethoscope },
    { label: 'Servicios y tarifas', to: paths.admin.services, icon: IconReceipt },
    { label: 'Aseguradoras', to: paths.admin.insurers, icon: IconBuildingBank },
    { label: 'Bonos', to: paths.admin.packs, icon: IconTicket },
    { label: 'Consentimientos', to: paths.admin.consents, icon: IconFileCertificate },
    { label: 'Cuestionarios', to: paths.admin.questionnaires, icon: IconClipboardList },
    { label: 'Opiniones', to: paths.admin.opinions, icon: IconStar },
    { label: 'Facturación', to: paths.admin.billing, icon: IconFileInvoice },
    { label: 'Tareas', to: paths.admin.tasks, icon: IconChecklist },
    { label: 'Mensajes', to: paths.admin.messages, icon: IconMessages },
    { label: 'Archivos', to: paths.admin.files, icon: IconFiles },
    { label: 'Usuarios', to: paths.admin.users, icon: IconUserShield },
    { label: 'Configuración', to: paths.admin.settings, icon: IconSettings },
    { label: 'Registro de accesos', to: paths.admin.audit, icon: IconShieldSearch },
    { label: 'Mi perfil', to: paths.admin.profile, icon: IconUser },
  ],
  doctor: [
    { label: 'Panel', to: paths.doctor.dashboard, icon: IconLayoutDashboard },
    { label: 'Mis citas', to: paths.doctor.appointments, icon: IconCalendarEvent },
    { label: 'Mis pacientes', to: paths.doctor.patients, icon: IconUsers },
    { label: 'Recetas', to: paths.doctor.prescriptions, icon: IconPill },
    { label: 'Mi producción', to: paths.doctor.production, icon: IconChartBar },
    { label: 'Opiniones', to: paths.doctor.opinions, icon: IconStar },
    { label: 'Mi perfil', to: paths.doctor.profile, icon: IconUser },
  ],
  paciente: [
    { label: 'Inicio', to: paths.patient.dashboard, icon: IconLayoutDashboard },
    { label: 'Mis citas', to: paths.patient.appointments, icon: IconCalendarEvent },
    { label: 'Tratamientos', to: paths.patient.treatments, icon: IconClipboardHeart },
    { label: 'Mensajes', to: paths.patient.messages, icon: IconMessages },
    { label: 'Mis facturas', to: paths.patient.invoices, icon: IconFileInvoice },
    { label: 'Cuestionarios', to: paths.patient.questionnaires, icon: IconClipboardList },
    { label: 'Mi perfil', to: paths.patient.profile, icon: IconUser },
  ],
};

export const areaTitleOf: Record<Role, string> = {
  admin: 'Administración',
  doctor: 'Área del profesional',
  paciente: 'Área del paciente',
};
