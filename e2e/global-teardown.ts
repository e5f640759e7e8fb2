import { stopAll } from './global-setup';

/** Stops the app server and the SMTP server that global setup started, and removes the data dir. */
export default async function globalTeardown() {
  await stopAll();
}
