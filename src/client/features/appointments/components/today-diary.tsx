import { Anchor, Badge, ColorSwatch, EmptyState, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import type { DiaryAppointment, TodayDiary as TodayDiaryData } from '../../../../common/schemas/appointments';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { WaitingSince } from '../../../components/waiting-since';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { formatTime } from '../../../lib/dates';
import { useLiveRefresh } from '../../../lib/live-events';
import { memo, useState } from 'react';
import { getDiaryQueryOptions, useDiary } from '../api/get-diary';
import { DiaryDayNav } from './diary-day-nav';
import { HolidayNotice } from './holiday-notice';
import { MoveAppointmentButton } from './move-appointment';
import { useAppointmentAnswers, type AnswersByAppointment } from '../api/get-appointment-answers';
import type { AppointmentAnswer } from '../../../../common/schemas/confirmations';
import { isUnconfirmed, PatientAnswerMark } from './patient-answer';
import { UnconfirmedFilter } from './unconfirmed-filter';
import { DiarySearch, matchesDiarySearch } from './diary-search';
import { StatusActions } from './status-actions';
import { ConsentDayProvider, DiaryConsentBadges } from '../../../components/consent-day';
import { AppointmentActionsBatch, ExtraAppointmentActions } from '../../../components/appointment-actions';

type DiaryDoctor = TodayDiaryData['doctors'][number];

/** The time column, and how far the rest of a row is indented to line up with the name. */
const TIME_WIDTH = 50;
const TIME_INDENT = TIME_WIDTH + 12;

/** The counters at the top: cancelled appointments count for nothing. */
export function diaryCounters(diary: TodayDiaryData) {
  const all = diary.doctors.flatMap((doctor) => doctor.appointments).filter((a) => a.status !== 'cancelada');
  const count = (...statuses: DiaryAppointment['status'][]) => all.filter((a) => statuses.includes(a.status)).length;
  return {
    total: all.length,
    inRoom: count('en_sala'),
    attended: count('atendida'),
    waiting: count('pendiente', 'confirmada'),
  };
}

function Counter({ label, value, hint, color }: { label: string; value: number; hint: string; color?: string }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={`${label}: ${value}`}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={32} fw={700} lh={1.1} c={color}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

/**
 * One appointment of the day. Drawn again only when the appointment, its answer or its place changes: a
 * search typed at the desk or a filter redraws the columns, not each of their rows (with their actions).
 */
const DiaryRow = memo(function DiaryRow({
  appointment,
  timeZone,
  first,
  answer,
}: {
  appointment: DiaryAppointment;
  timeZone: string;
  first: boolean;
  answer?: AppointmentAnswer;
}) {
  const cancelled = appointment.status === 'cancelada';
  const time = formatTime(appointment.startsAt, timeZone);
  return (
    <li
      aria-label={`${time}, ${appointment.patientName}`}
      // A cancelled row is struck through in the dimmed grey (AA on white), not faded: opacity broke contrast.
      style={{ borderTop: first ? undefined : '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack gap={4} py="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" align="baseline" wrap="nowrap" miw={0}>
            <Text fw={700} ff="monospace" size="md" w={TIME_WIDTH} style={{ flexShrink: 0 }}>
              {time}
            </Text>
            <Anchor
              component={Link}
              to={paths.admin.patient(appointment.patientId)}
              fw={600}
              c={cancelled ? 'dimmed' : undefined}
              td={cancelled ? 'line-through' : undefined}
            >
              {appointment.patientName}
            </Anchor>
          </Group>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <PatientAnswerMark appointment={appointment} answer={answer} />
            <AppointmentStatusBadge status={appointment.status} />
          </Group>
        </Group>
        <Stack gap={2} pl={{ base: 0, xs: TIME_INDENT }}>
          <WaitingSince appointment={appointment} timeZone={timeZone} size="sm" />
          {appointment.patientPhone && (
            <Anchor href={`tel:${appointment.patientPhone.replace(/\s/g, '')}`} size="sm" c="dimmed" w="fit-content">
              <Group gap={4} wrap="nowrap" component="span">
                <IconPhone size={14} aria-hidden />
                {appointment.patientPhone}
              </Group>
            </Anchor>
          )}
          {appointment.reason && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {appointment.reason}
            </Text>
          )}
          {cancelled && appointment.cancelReason && (
            <Text size="sm" c="dimmed">
              Motivo de la cancelación: {appointment.cancelReason}
            </Text>
          )}
          <DiaryConsentBadges appointment={appointment} timeZone={timeZone} />
          <Group mt={4} gap={6} wrap="wrap">
            <StatusActions appointment={appointment} timeZone={timeZone} />
            <MoveAppointmentButton appointment={appointment} timeZone={timeZone} />
            <ExtraAppointmentActions appointment={appointment} timeZone={timeZone} />
          </Group>
        </Stack>
      </Stack>
    </li>
  );
});

function DoctorColumn({
  doctor,
  timeZone,
  isToday,
  answers,
  onlyUnconfirmed,
  search,
}: {
  doctor: DiaryDoctor;
  timeZone: string;
  isToday: boolean;
  answers: AnswersByAppointment;
  onlyUnconfirmed: boolean;
  search: string;
}) {
  const active = doctor.appointments.filter((a) => a.status !== 'cancelada').length;
  const appointments = [...doctor.appointments]
    .filter((a) => !onlyUnconfirmed || isUnconfirmed(a, answers.get(a.id)))
    .filter((a) => matchesDiarySearch(a, doctor.displayName, search))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label={doctor.displayName}
      style={{ borderTop: `4px solid ${doctor.color}` }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" mb="xs">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ColorSwatch color={doctor.color} size={14} aria-hidden style={{ flexShrink: 0 }} />
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" lh={1.2}>
              {doctor.displayName}
            </Title>
            <Text size="sm" c="dimmed">
              {doctor.specialty}
            </Text>
          </div>
        </Group>
        <Badge variant="default" size="lg" style={{ flexShrink: 0 }}>
          {active === 1 ? '1 cita' : `${active} citas`}
        </Badge>
      </Group>
      {appointments.length === 0 ? (
        <Text size="sm" c="dimmed" py="sm">
          {search.trim()
            ? 'Ninguna cita coincide con la búsqueda.'
            : onlyUnconfirmed
              ? 'Nadie por llamar.'
              : isToday
                ? 'Sin citas hoy.'
                : 'Sin citas este día.'}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={0}
          aria-label={`Citas de ${doctor.displayName}`}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {appointments.map((appointment, index) => (
            <DiaryRow
              key={appointment.id}
              appointment={appointment}
              timeZone={timeZone}
              first={index === 0}
              answer={answers.get(appointment.id)}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

interface DiaryProps {
  /** The day shown («AAAA-MM-DD»); today when undefined. */
  date?: string;
  /** Called with the day to show, or undefined for today. */
  onDateChange: (date: string | undefined) => void;
}

/** One day's appointments of every doctor (today by default), live: new bookings and changes appear without reloading. */
export function TodayDiary({ date, onDateChange }: DiaryProps) {
  const diary = useDiary(date);
  useLiveRefresh(getDiaryQueryOptions(date).queryKey);
  const [onlyUnconfirmed, setOnlyUnconfirmed] = useState(false);
  const [search, setSearch] = useState('');
  const ids = (diary.data?.doctors ?? []).flatMap((doctor) => doctor.appointments.map((a) => a.id));
  // Refetched whenever the diary is (a patient's answer is announced as a change of the appointment).
  const answers = useAppointmentAnswers(ids, diary.dataUpdatedAt);

  if (diary.isPending) return <LoadingBlock label="Cargando las citas del día" />;
  if (!diary.data) {
    return (
      <LoadErrorAlert
        title="No se han podido cargar las citas del día"
        error={diary.error}
        onRetry={() => void diary.refetch()}
      />
    );
  }
  const { timeZone, today } = diary.data;
  const isToday = diary.data.date === today;
  const counters = diaryCounters(diary.data);
  const answerMap: AnswersByAppointment = answers.data ?? new Map();
  const unconfirmed = diary.data.doctors
    .flatMap((doctor) => doctor.appointments)
    .filter((a) => isUnconfirmed(a, answerMap.get(a.id)));
  // While searching, only the doctors with an appointment that matches (or whose own name matches).
  const doctors = search.trim()
    ? diary.data.doctors.filter((doctor) =>
        doctor.appointments.some((a) => matchesDiarySearch(a, doctor.displayName, search)),
      )
    : diary.data.doctors;
  const dayWord = isToday ? 'hoy' : 'este día';

  return (
    <Stack gap="lg" aria-busy={diary.isPlaceholderData}>
      <DiaryDayNav
        date={diary.data.date}
        today={today}
        onChange={(next) => onDateChange(next === today ? undefined : next)}
      />
      <HolidayNotice holiday={diary.data.holiday} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Counter label="Total" value={counters.total} hint={`citas ${dayWord}, sin las canceladas`} />
        <Counter label="En sala" value={counters.inRoom} hint="esperando consulta" color="violet.7" />
        <Counter label="Atendidas" value={counters.attended} hint="consultas terminadas" color="green.8" />
        <Counter
          label="Por llegar"
          value={counters.waiting}
          hint="pendientes o confirmadas, aún no en sala"
          color="orange.9"
        />
      </SimpleGrid>
      {diary.data.doctors.length > 0 && (
        <Group gap="md" align="flex-end" wrap="wrap">
          <DiarySearch value={search} onChange={setSearch} />
          <UnconfirmedFilter
            count={unconfirmed.length}
            checked={onlyUnconfirmed}
            onChange={setOnlyUnconfirmed}
            ready={answers.data !== undefined}
          />
        </Group>
      )}
      {diary.data.doctors.length > 0 && doctors.length === 0 ? (
        <Text role="status">
          Ninguna cita de {dayWord} coincide con «{search.trim()}».
        </Text>
      ) : doctors.length === 0 ? (
        <Paper withBorder py="xl">
          <EmptyState
            icon={<IconCalendarOff size={32} stroke={1.5} />}
            title={isToday ? 'Hoy no hay citas' : 'Este día no hay citas'}
            description={`Las citas que se reserven para ${dayWord} aparecerán aquí al momento.`}
          />
        </Paper>
      ) : (
        // The day's appointments, whatever the search or filter shows: one request for what their rows need (invoices).
        <ConsentDayProvider date={diary.data.date}>
          <AppointmentActionsBatch appointments={diary.data.doctors.flatMap((doctor) => doctor.appointments)}>
            <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" style={{ alignItems: 'start' }}>
              {doctors.map((doctor) => (
                <DoctorColumn
                  key={doctor.id}
                  doctor={doctor}
                  timeZone={timeZone}
                  isToday={isToday}
                  answers={answerMap}
                  onlyUnconfirmed={onlyUnconfirmed}
                  search={search}
                />
              ))}
            </SimpleGrid>
          </AppointmentActionsBatch>
        </ConsentDayProvider>
      )}
    </Stack>
  );
}
