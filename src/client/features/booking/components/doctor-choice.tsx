import { Avatar, Group, Radio, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { BookingOptions } from '../../../../common/schemas/appointments';
import { Columns } from '../../../components/columns';

/** The value of «Cualquier profesional». */
export const ANY_DOCTOR = 'any';

interface DoctorChoiceProps {
  options: BookingOptions;
  specialtyId: string | null;
  /** A professional's id or `ANY_DOCTOR`. */
  doctorId: string;
  onSpecialtyChange: (specialtyId: string) => void;
  onDoctorChange: (doctorId: string) => void;
  specialtyError?: string;
  /** «Servicio», between the specialty and the professional, when the specialty offers services online. */
  serviceChoice?: ReactNode;
  /**
   * The professionals who perform the service chosen (`null`: no service, all of the specialty); `[]` while
   * a service is still to be chosen hides «Profesional».
   */
  performers?: string[] | null;
  /** The service chosen: the cards say its length instead of the doctor's usual visit. */
  service?: { name: string; durationMinutes: number } | null;
}

/** Specialties that have someone to see: the others can't be booked online. */
export const bookableSpecialties = (options: BookingOptions) =>
  options.specialties.filter((specialty) => options.doctors.some((doctor) => doctor.specialtyId === specialty.id));

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter((part) => part && !part.endsWith('.'))
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** «Especialidad y profesional»: the specialty, then a professional of it or «Cualquier profesional». */
export function DoctorChoice({
  options,
  specialtyId,
  doctorId,
  onSpecialtyChange,
  onDoctorChange,
  specialtyError,
  serviceChoice,
  performers = null,
  service = null,
}: DoctorChoiceProps) {
  const specialties = bookableSpecialties(options);
  const doctors = options.doctors.filter(
    (doctor) => doctor.specialtyId === specialtyId && (!performers || performers.includes(doctor.id)),
  );
  const specialtyName = specialties.find((specialty) => specialty.id === specialtyId)?.name ?? '';

  return (
    <Stack gap="lg">
      {/* Cards rather than a select: one tap on a phone, and no combobox code in the page's first load. */}
      <Radio.Group
        label="Especialidad"
        value={specialtyId}
        onChange={onSpecialtyChange}
        size="md"
        required
        withAsterisk={false}
        error={specialtyError}
      >
        <Columns base={2} sm={3} gap="xs" mt="xs">
          {specialties.map((specialty) => (
            <Radio.Card key={specialty.id} value={specialty.id} radius="md" px="sm" py="xs">
              <Group wrap="nowrap" gap="xs">
                <Radio.Indicator size="sm" />
                <Text fw={500}>{specialty.name}</Text>
              </Group>
            </Radio.Card>
          ))}
        </Columns>
      </Radio.Group>

      {specialtyId && serviceChoice}

      {specialtyId && doctors.length > 0 && (
        <Radio.Group label="Profesional" value={doctorId} onChange={onDoctorChange} size="md">
          <Columns base={1} sm={2} gap="sm" mt="xs">
            <Radio.Card value={ANY_DOCTOR} radius="md" p="md">
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={4} />
                <Avatar radius="xl" color="teal" variant="light" size="md" aria-hidden>
                  <IconUsers size={20} />
                </Avatar>
                <Stack gap={2} miw={0}>
                  <Text fw={600}>Cualquier profesional</Text>
                  <Text size="sm" c="dimmed">
                    Verás las horas libres de todo el equipo de {specialtyName}.
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
            {doctors.map((doctor) => (
              <Radio.Card key={doctor.id} value={doctor.id} radius="md" p="md">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={4} />
                  <Avatar src={doctor.photoURL || null} radius="xl" color="teal" size="md" alt="" aria-hidden>
                    {initials(doctor.displayName)}
                  </Avatar>
                  <Stack gap={2} miw={0}>
                    <Text fw={600}>{doctor.displayName}</Text>
                    <Text size="sm" c="dimmed">
                      {doctor.specialty} ·{' '}
                      {service
                        ? `${service.name}, ${service.durationMinutes} min`
                        : `consultas de ${doctor.appointmentMinutes} min`}
                    </Text>
                    {doctor.bio && (
                      <Text size="sm" lineClamp={2}>
                        {doctor.bio}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </Columns>
        </Radio.Group>
      )}
    </Stack>
  );
}
