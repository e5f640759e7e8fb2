import { readClinicSettings } from '../../platform';
import { clinicCounts, doctorsOfTheClinic, unreadMessagesOf } from './use-cases';
import type { RoutePlugin } from '../route-deps';
import { Temporal } from 'temporal-polyfill';
import { api } from '../../../common/api-paths';
import {
  adminDashboardSchema,
  doctorDashboardSchema,
  patientDashboardSchema,
} from '../../../common/schemas/appointments';
import { requireDashboard, requireUser } from '../../access';
import { auditedRead, auditContext } from '../../platform';
import { dateInZone, startOfDay } from '../../platform';
import { presentAppointment } from '../appointments/service';
import { requireOwnRecord } from '../../identity';
import { clock, minus } from '../../platform';

const LIVE = ['pendiente', 'confirmada', 'en_sala'];

export const dashboardRoutes: RoutePlugin = async (app, deps) => {
  const { db } = deps.database;

  async function todayRange() {
    const settings = await readClinicSettings(deps);
    const today = dateInZone(clock.now(), settings.timeZone);
    const tomorrow = Temporal.PlainDate.from(today).add({ days: 1 }).toString();
    return { settings, today, from: startOfDay(today, settings.timeZone), to: startOfDay(tomorrow, settings.timeZone) };
  }

  app.get(
    api.dashboard.admin,
    { config: { access: 'read:dashboard' }, schema: { response: { 200: adminDashboardSchema } } },
    async (request) => {
      requireDashboard(request.scope, 'clinic');
      const { settings, today, from, to } = await todayRange();
      const now = clock.now();
      // The week (Monday to Sunday) in the clinic's zone.
      const monday = Temporal.PlainDate.from(today).subtract({ days: Temporal.PlainDate.from(today).dayOfWeek - 1 });
      const weekFrom = startOfDay(monday.toString(), settings.timeZone);
      const weekTo = startOfDay(monday.add({ days: 7 }).toString(), settings.timeZone);
      const monthAgo = minus(now, { days: 30 });

      // The counts and today's appointments are clinical data, read with their audit entry. No statement
      // needs another's answer: on PostgreSQL they run at once on the pool (PGlite takes them in turn).
      const [doctors, { todayItems, booked, pastMonth, pending, newPatients, unreadMessages, overdueTasks }] =
        await Promise.all([
          doctorsOfTheClinic(deps),
          auditedRead(
            db,
            async (db) => {
              const [todayItems, counts] = await Promise.all([
                request.scope.appointments.listRange({ from, to }, db),
                clinicCounts(deps, { weekFrom, weekTo, monthAgo, now, today }, db),
              ]);
              return { todayItems, ...counts };
            },
            (read) => ({
              ...auditContext(request),
              action: 'read',
              entity: 'dashboard',
              entityId: 'admin',
              details: { view: 'admin', results: read.todayItems.length },
            }),
          ),
        ]);
      const byStatus: Record<string, number> = {};
      for (const item of todayItems) byStatus[item.status] = (byStatus[item.status] ?? 0) + 1;
      const weekDays = Array.from({ length: 7 }, (_, index) => monday.add({ days: index }));
      const occupancy = doctors.map((doctor) => {
        const workingMinutes = weekDays
          .filter(
            (day) =>
              !doctor.absences.some(
                (absence) => absence.startDate <= day.toString() && day.toString() <= absence.endDate,
              ),
          )
          .reduce(
            (sum, day) =>
              sum +
              doctor.schedule
                .filter((interval) => interval.weekday === day.dayOfWeek)
                .reduce((minutes, interval) => minutes + interval.endMinute - interval.startMinute, 0),
            0,
          );
        return {
          doctorId: doctor.id,
          displayName: doctor.displayName,
          color: doctor.color,
          bookedMinutes: booked.find((row) => row.doctorId === doctor.id)?.minutes ?? 0,
          workingMinutes,
        };
      });
      const count = (status: string) => pastMonth.find((row) => row.status === status)?.count ?? 0;
      const noShows = count('no_asistio');
      const attended = count('atendida');
      return {
        timeZone: settings.timeZone,
        today: { total: todayItems.filter((item) => item.status !== 'cancelada').length, byStatus },
        upcomingToday: todayItems
          .filter((item) => LIVE.includes(item.status) && item.endsAt > now)
          .slice(0, 8)
          .map(presentAppointment),
        occupancy,
        noShow: { noShows, attended, rate: noShows + attended > 0 ? noShows / (noShows + attended) : 0 },
        pendingConfirmations: pending,
        newPatients30d: newPatients,
        unreadMessages,
        overdueTasks,
      };
    },
  );

  app.get(
    api.dashboard.doctor,
    { config: { access: 'read:dashboard' }, schema: { response: { 200: doctorDashboardSchema } } },
    async (request) => {
      requireDashboard(request.scope, 'doctor');
      const { settings, from, to } = await todayRange();
      const items = await auditedRead(
        db,
        // The doctor's scope sees only their own agenda.
        (db) => request.scope.appointments.listRange({ from, to }, db),
        (rows) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'dashboard',
          entityId: 'doctor',
          details: { view: 'doctor', results: rows.length },
        }),
      );
      const now = clock.nowMs();
      const next = items.find((item) => LIVE.includes(item.status) && item.endsAt.getTime() > now) ?? null;
      return {
        timeZone: settings.timeZone,
        today: items.map(presentAppointment),
        next: next && presentAppointment(next),
      };
    },
  );

  app.get(
    api.dashboard.patient,
    { config: { access: 'read:dashboard' }, schema: { response: { 200: patientDashboardSchema } } },
    async (request) => {
      requireDashboard(request.scope, 'patient');
      const user = requireUser(request);
      // Resolved before the audited read: it may create the record or write the confirmation link.
      const record = await requireOwnRecord(deps, user);
      const { upcoming, unreadMessages } = await auditedRead(
        db,
        async (db) => {
          const [upcoming, unreadMessages] = await Promise.all([
            request.scope.appointments.listRange({ from: clock.now(), includeCancelled: false }, db),
            unreadMessagesOf(deps, record.id, db),
          ]);
          return { upcoming, unreadMessages };
        },
        ({ upcoming: items }) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'dashboard',
          entityId: 'patient',
          patientId: record.id,
          details: { view: 'patient', results: items.length },
        }),
      );
      const next = upcoming.find((item) => LIVE.includes(item.status)) ?? null;
      return { next: next ? await deps.appointments.ownView(next) : null, unreadMessages };
    },
  );
};
