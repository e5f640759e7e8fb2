import type { FastifyReply } from 'fastify';
import type { TodayDiary } from '../../../common/schemas/appointments';

/**
 * Sends JSON the database already wrote. A string with a JSON content type goes out as it is: Fastify neither
 * serialises it again nor runs the route's response schema over it (the route keeps the schema for its
 * documentation; the tests parse what the SQL builds with that schema).
 */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

type DiaryHead = Omit<TodayDiary, 'doctors'>;
type DiaryDoctorHead = Omit<TodayDiary['doctors'][number], 'appointments'>;

/** `todayDiarySchema` as text: the head and each doctor serialised here, their appointments as the database wrote them. */
export function diaryJson(head: DiaryHead, doctors: { doctor: DiaryDoctorHead; appointments: string }[]): string {
  const open = (value: object) => JSON.stringify(value).slice(0, -1);
  const columns = doctors.map(({ doctor, appointments }) => `${open(doctor)},"appointments":${appointments}}`);
  return `${open(head)},"doctors":[${columns.join(',')}]}`;
}
