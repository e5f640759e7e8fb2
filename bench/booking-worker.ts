/**
 * The concurrent-bookings load, run in a worker thread so the load generator does not share the app's
 * event loop (it still shares the machine's cores), or as a process of its own (`bench/bookings-processes.ts`:
 * its input in `BENCH_INPUT`, its result printed as one JSON line).
 */
import http from 'node:http';
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

const input = (parentPort ? workerData : JSON.parse(process.env.BENCH_INPUT!)) as Input;
const today = Temporal.Now.plainDateISO(input.timeZone);
let booked = 0;
let conflicts = 0;
let others = 0;

// Staff book the weeks ahead (days 29–59, ~15 % already taken in the seed) for any doctor and slot:
// random picks, so some land on taken times or collide with each other, as at a busy front desk.
const weekdays = Array.from({ length: 31 }, (_, i) => today.add({ days: 29 + i })).filter((day) => day.dayOfWeek <= 5);
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
// node:http with keep-alive costs the generator much less CPU per request than fetch, and the generator
// shares the machine's two cores with the app and the database.
const agent = new http.Agent({ keepAlive: true, maxSockets: input.connections });
const url = new URL('/api/appointments', input.address);

function post(body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          cookie: input.cookie,
          origin: input.address,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

const result = await runLoad({
  connections: input.connections,
  seconds: input.seconds,
  request: async () => {
    const doctorId = pick(input.doctorIds);
    const minute = 8 * 60 + Math.floor(Math.random() * 24) * 30;
    const startsAt = pick(weekdays)
      .toPlainDateTime({ hour: Math.floor(minute / 60), minute: minute % 60 })
      .toZonedDateTime(input.timeZone)
      .toInstant()
      .toString();
    const status = await post(
      JSON.stringify({ patientId: pick(input.patientIds), doctorId, startsAt, reason: 'Bench', channel: 'telefono' }),
    );
    if (status === 201) booked++;
    else if (status === 409) conflicts++;
    else others++;
    return status === 201 || status === 409;
  },
});
if (parentPort) parentPort.postMessage({ result, booked, conflicts, others });
else {
  console.log(JSON.stringify({ result, booked, conflicts, others }));
  process.exit(0);
}
