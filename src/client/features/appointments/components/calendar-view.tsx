import FullCalendar, {
  type DateSelectInfo,
  type DatesSetInfo,
  type EventApi,
  type EventClickInfo,
  type EventDropInfo,
  type EventInput,
  type EventResizeDoneInfo,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './appointment-calendar.css';
import { ColorSwatch, Group, Loader, MultiSelect, Paper, Text } from '@mantine/core';
import { useMemo, useRef } from 'react';
import type { Doctor } from '../../../../common/schemas/doctors';
import { now } from '../../../lib/clock';
import { businessHoursOf } from '../utils/calendar-events';
import { calendarLocale } from '../utils/calendar-locale';
import { formatTimeRange } from '../utils/format';
import { useStableHandlers } from './use-stable-handlers';

// The pieces of the clinic's calendar (appointment-calendar.tsx): the doctor filter with its colours, and
// FullCalendar set up for the clinic (views, hours, Spanish, hover texts).

const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/** The doctors shown (all when none is chosen), their colours, and the note on a single doctor's hours. */
export function CalendarDoctorFilter({
  doctors,
  doctorIds,
  onChange,
  shownDoctors,
  singleDoctor,
  fetching,
  narrow,
}: {
  doctors: Doctor[];
  doctorIds: string[];
  onChange: (ids: string[]) => void;
  shownDoctors: Doctor[];
  singleDoctor: Doctor | undefined;
  fetching: boolean;
  narrow: boolean;
}) {
  return (
    <Paper withBorder p="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <MultiSelect
          label="Profesionales"
          placeholder={doctorIds.length ? undefined : 'Todos los profesionales'}
          data={doctors.map((doctor) => ({ value: doctor.id, label: doctor.displayName }))}
          value={doctorIds}
          onChange={onChange}
          clearable
          clearButtonProps={{ 'aria-label': 'Mostrar todos los profesionales' }}
          searchable
          nothingFoundMessage="Ningún profesional coincide"
          renderOption={({ option }) => {
            const doctor = doctors.find((item) => item.id === option.value);
            return (
              <Group gap="xs" wrap="nowrap">
                <ColorSwatch color={doctor?.color ?? '#868e96'} size={12} aria-hidden />
                <span>{option.label}</span>
              </Group>
            );
          }}
          style={{ flex: '1 1 280px' }}
          maw={560}
        />
        {fetching && <Loader size="sm" role="status" aria-label="Actualizando el calendario" mb={8} />}
      </Group>
      <Group gap={narrow ? 'xs' : 'md'} mt="sm" wrap="wrap" aria-label="Colores de los profesionales" role="list">
        {shownDoctors.map((doctor) => (
          <Group key={doctor.id} gap={6} wrap="nowrap" role="listitem">
            <ColorSwatch color={doctor.color} size={12} aria-hidden />
            <Text size={narrow ? 'xs' : 'sm'}>{doctor.displayName}</Text>
          </Group>
        ))}
      </Group>
      {singleDoctor && (
        <Text size="xs" c="dimmed" mt="xs">
          Las horas en gris quedan fuera del horario de {singleDoctor.displayName}; las franjas sombreadas son
          ausencias.
        </Text>
      )}
    </Paper>
  );
}

interface ClinicCalendarProps {
  timeZone: string;
  doctors: Doctor[];
  narrow: boolean;
  initialDate?: string;
  highlightId?: string;
  singleDoctor: Doctor | undefined;
  events: EventInput[];
  /** The range was grouped (`calendar-groups.ts`): «+N» boxes come after the appointments of their time. */
  crowded: boolean;
  onDatesSet: (info: DatesSetInfo) => void;
  onMoved: (info: EventDropInfo | EventResizeDoneInfo) => void;
  onSelect: (info: DateSelectInfo) => void;
  onEventClick: (info: EventClickInfo) => void;
}

const PLUGINS = [timeGridPlugin, dayGridPlugin, interactionPlugin, classicThemePlugin];
const NARROW_TOOLBAR = { start: 'prev,today,next', end: 'timeGridDay,timeGridWeek,dayGridMonth' };
const WIDE_TOOLBAR = { start: 'prev,today,next', center: 'title', end: 'timeGridDay,timeGridWeek,dayGridMonth' };
const BUTTONS = {
  today: { text: 'Hoy', hint: 'Ir a hoy' },
  prev: { hint: 'Anterior' },
  next: { hint: 'Siguiente' },
  timeGridDay: { text: 'Día', hint: 'Vista del día' },
  timeGridWeek: { text: 'Semana', hint: 'Vista de la semana' },
  dayGridMonth: { text: 'Mes', hint: 'Vista del mes' },
};
const VIEWS = {
  timeGridDay: { titleFormat: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } },
  timeGridWeek: { titleFormat: { day: 'numeric', month: 'short', year: 'numeric' } },
  dayGridMonth: { titleFormat: { month: 'long', year: 'numeric' } },
} as const;
/**
 * A grouped range: the «+N» boxes (`more`) after the appointments, then FullCalendar's own order. Descending, as
 * FullCalendar puts a missing value after any other: the appointments, which have none, come first.
 */
const CROWDED_ORDER = ['-more', 'start', '-duration', 'allDay', 'title'];
/** FullCalendar's default order, said explicitly: `eventOrder={undefined}` would leave it none (and it throws). */
const DEFAULT_ORDER = 'start,-duration,allDay,title';
/** A «+N» box shows only its count (its half hour is where it stands, and in its hover text). */
const eventTimeClass = ({ event }: { event: EventApi }) => (event.extendedProps.more ? 'clinica-more-time' : '');

/** FullCalendar in the clinic's zone: day, week and month, 07:00–21:00, drag, resize and select in the future. */
export function ClinicCalendar({
  timeZone,
  doctors,
  narrow,
  initialDate,
  highlightId,
  singleDoctor,
  events,
  crowded,
  onDatesSet,
  onMoved,
  onSelect,
  onEventClick,
}: ClinicCalendarProps) {
  /**
   * The hover text of an appointment («09:00–09:20 · Ana García · Confirmada · Dr. …»), from the event
   * as it is now: FullCalendar keeps the element when an event is dragged or refreshed, so a text set
   * only when it was mounted would keep the old time.
   */
  const doctorNames = useMemo(() => new Map(doctors.map((doctor) => [doctor.id, doctor.displayName])), [doctors]);
  const eventTooltip = (event: EventApi) => {
    const hint = event.extendedProps.hint as string | undefined;
    if (hint) return hint;
    const doctorId = event.extendedProps.doctorId as string | undefined;
    if (!doctorId || !event.start || !event.end) return null;
    const doctorName = doctorNames.get(doctorId);
    return [formatTimeRange(event.start.toISOString(), event.end.toISOString(), timeZone), event.title, doctorName]
      .filter(Boolean)
      .join(' · ');
  };
  const setTooltip = ({ el, event }: { el: HTMLElement; event: EventApi }) => {
    const tooltip = eventTooltip(event);
    if (tooltip) el.setAttribute('title', tooltip);
  };
  // The appointment just booked comes into view once, wherever in the day it is (not the week at 07:00).
  const scrolledTo = useRef<string | null>(null);
  const onEventMount = (info: { el: HTMLElement; event: EventApi }) => {
    setTooltip(info);
    if (info.event.id === highlightId && scrolledTo.current !== highlightId) {
      scrolledTo.current = highlightId;
      info.el.scrollIntoView?.({ block: 'center' });
    }
  };

  const handlers = useStableHandlers({
    onEventMount,
    setTooltip,
    selectAllow: (span: { end: Date }) => span.end.getTime() > now(),
    onDatesSet,
    onMoved,
    onSelect,
    onEventClick,
  });
  const businessHours = useMemo(() => (singleDoctor ? businessHoursOf(singleDoctor) : false), [singleDoctor]);

  return (
    <FullCalendar
      plugins={PLUGINS}
      locale={calendarLocale}
      timeZone={timeZone}
      // The appointment just booked opens on its own day, where it stands out.
      initialView={narrow || highlightId ? 'timeGridDay' : 'timeGridWeek'}
      initialDate={initialDate}
      headerToolbar={narrow ? NARROW_TOOLBAR : WIDE_TOOLBAR}
      buttons={BUTTONS}
      views={VIEWS}
      toolbarTitleClass="clinica-calendar-title"
      moreLinkClass="clinica-more-link"
      headingLevel={2}
      firstDay={1}
      slotMinTime="07:00:00"
      // WCAG 2.5.8: a 15-minute appointment is a target of at least 24 px (half a slot, less FullCalendar's 1 px gap).
      slotMinHeight={52}
      eventMinHeight={24}
      slotMaxTime="21:00:00"
      scrollTime="08:00:00"
      allDaySlot={false}
      nowIndicator
      slotHeaderFormat={TIME_FORMAT}
      eventTimeFormat={TIME_FORMAT}
      // A grouped month already shows a few a day and one «+N más» (the cell grows to hold them).
      dayMaxEvents={!crowded}
      // A crowded range (every doctor of a large clinic: thousands of appointments in a week) arrives grouped:
      // at most `MAX_STACK` side by side and one «+N» box beside them (`calendar-groups.ts`, issue 25).
      eventOrder={crowded ? CROWDED_ORDER : DEFAULT_ORDER}
      eventTimeClass={eventTimeClass}
      height="auto"
      businessHours={businessHours}
      events={events}
      eventDidMount={handlers.onEventMount}
      eventMouseEnter={handlers.setTooltip}
      editable
      eventDurationEditable
      selectable
      selectMirror
      selectAllow={handlers.selectAllow}
      datesSet={handlers.onDatesSet}
      eventDrop={handlers.onMoved}
      eventResize={handlers.onMoved}
      select={handlers.onSelect}
      eventClick={handlers.onEventClick}
    />
  );
}
