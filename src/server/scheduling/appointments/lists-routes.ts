import type { RoutePlugin } from '../route-deps';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  MONTH_PER_DAY,
  agendaAppointmentSchema,
  appointmentMonthQuerySchema,
  appointmentRangeQuerySchema,
  calendarAppointmentSchema,
  calendarMonthSchema,
  diaryQuerySchema,
  todayDiarySchema,
} from '../../../common/schemas/appointments';
import { clock } from '../../platform';
import { auditedRead, auditContext } from '../../platform';
import { dateInZone, startOfDay, toInstant } from '../../platform';
import { diaryJson, sendJsonText } from './json-text';
import { presentAppointment } from './present';
import { clinicSettings, diaryDoctors, holidayOn } from './reads';

/**
 * The lists the desk and the doctors keep open all day: the calendar's range and month, today's diary and a
 * doctor's agenda. The range, the month and the diary are built as JSON by the database
 * (`lists-repository.ts`) and sent as text; every read is audited and narrowed by the request's scope.
 */
export const appointmentsListsRoutes: RoutePlugin = async (app, deps) => {
  const { db } = deps.database;

  app.get(
    api.appointmentsRange,
    {
      config: { access: 'list:appointments' },
      schema: { querystring: appointmentRangeQuerySchema, response: { 200: z.array(calendarAppointmentSchema) } },
    },
    async (request, reply) => {
      const { from, to, doctorId } = request.query;
      // Built as JSON by the database (the week of every doctor is thousands of rows): sent as it comes.
      const list = await auditedRead(
        db,
        (db) => request.scope.appointmentLists.calendar({ from: toInstant(from), to: toInstant(to), doctorId }, db),
        ({ count }) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'appointment',
          details: { view: 'calendar', from, to, doctorId, results: count },
        }),
      );
      return sendJsonText(reply, list.json);
    },
  );

  app.get(
    api.appointmentsMonth,
    {
      config: { access: 'list:appointments' },
      schema: { querystring: appointmentMonthQuerySchema, response: { 200: calendarMonthSchema } },
    },
    async (request, reply) => {
      const { from, to, doctorIds } = request.query;
      const { timeZone } = await clinicSettings(deps);
      const month = await auditedRead(
        db,
        (db) =>
          request.scope.appointmentLists.month(
            { from: toInstant(from), to: toInstant(to) },
            { timeZone, doctorIds: doctorIds ? doctorIds.split(',') : [], perDay: MONTH_PER_DAY },
            db,
          ),
        (answer) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'appointment',
          details: { view: 'month', from, to, doctorIds, results: answer.days.length },
        }),
      );
      return sendJsonText(reply, `{"days":${JSON.stringify(month.days)},"appointments":${month.json}}`);
    },
  );

  app.get(
    api.appointmentsToday,
    {
      config: { access: 'list:appointments' },
      schema: { querystring: diaryQuerySchema, response: { 200: todayDiarySchema } },
    },
    async (request, reply) => {
      const settings = await clinicSettings(deps);
      const today = dateInZone(clock.now(), settings.timeZone);
      const date = request.query.date ?? today;
      const from = startOfDay(date, settings.timeZone);
      const to = startOfDay(Temporal.PlainDate.from(date).add({ days: 1 }).toString(), settings.timeZone);
      // The doctors, the day's appointments (as JSON per doctor, built by the database) and the holiday are
      // independent reads: on PostgreSQL they run at once.
      const [doctors, day, holiday] = await Promise.all([
        diaryDoctors(deps),
        auditedRead(
          db,
          (db) => request.scope.appointmentLists.diary({ from, to }, db),
          ({ count }) => ({
            ...auditContext(request),
            action: 'list',
            entity: 'appointment',
            details: { view: 'diary', date, results: count },
          }),
        ),
        holidayOn(deps, date),
      ]);
      const weekday = Temporal.PlainDate.from(date).dayOfWeek;
      const shown = doctors.filter(
        (doctor) => day.byDoctor.has(doctor.id) || doctor.schedule.some((interval) => interval.weekday === weekday),
      );
      return sendJsonText(
        reply,
        diaryJson(
          {
            date,
            today,
            timeZone: settings.timeZone,
            holiday: holiday ? { name: holiday.name, kind: holiday.kind } : null,
          },
          shown.map((doctor) => ({
            doctor: {
              id: doctor.id,
              displayName: doctor.displayName,
              specialty: doctor.specialty,
              color: doctor.color,
            },
            appointments: day.byDoctor.get(doctor.id) ?? '[]',
          })),
        ),
      );
    },
  );

  app.get(
    api.doctorAgenda,
    {
      config: { access: 'read:agenda' },
      schema: { querystring: appointmentRangeQuerySchema, response: { 200: z.array(agendaAppointmentSchema) } },
    },
    async (request) => {
      // A doctor's agenda is their own (the scope sees no other), whatever doctorId the query names.
      const { from, to } = request.query;
      const items = await auditedRead(
        db,
        (db) => request.scope.appointments.listRange({ from: toInstant(from), to: toInstant(to) }, db),
        (rows) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'appointment',
          details: { view: 'agenda', from, to, results: rows.length },
        }),
      );
      return items.map(presentAppointment);
    },
  );
};
