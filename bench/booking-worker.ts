/**
 * The concurrent-bookings load, run in a worker thread so the load generator does not share the app's
 * event loop (it still shares the machine's cores).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Temporal } from 'temporal-polyfill';
import { runLoad } from './load';

interface Input {
  address: string;
  cookie: string;
  doctorIds: string[];
  patientIds: string[];
  timeZone: string;
  connections: number;
  seconds: number;
}

const input = workerData as Input;
const today = Temporal.Now.plainDateISO(input.timeZone);
let booked = 0;
let conflicts = 0;
let others = 0;

const result = await runLoad({
  connections: input.connections,
  seconds: input.seconds,
  request: async (worker, i) => {
    const doctorId = input.doctorIds[(worker + i) % input.doctorIds.length]!;
    const day = today.add({ days: 30 + ((i * 7 + worker) % 20) });
    if (day.dayOfWeek > 5) return true;
    const minute = 8 * 60 + ((i * 13 + worker * 3) % 24) * 30;
    const startsAt = day.toPlainDateTime({ hour: Math.floor(minute / 60), minute: minute % 60 }).toZonedDateTime(input.timeZone).toInstant().toString();
    const response = await fetch(`${input.address}/api/appointments`, {
      method: 'POST',
      headers: { cookie: input.cookie, origin: input.address, 'content-type': 'application/json' },
      body: JSON.stringify({ patientId: input.patientIds[(worker * 997 + i) % input.patientIds.length], doctorId, startsAt, reason: 'Bench', channel: 'telefono' }),
    });
    await response.arrayBuffer();
    if (response.status === 201) booked++;
    else if (response.status === 409) conflicts++;
    else others++;
    return response.status === 201 || response.status === 409;
  },
});
parentPort!.postMessage({ result, booked, conflicts, others });
