import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';

/**
 * Debian's Caddy in front of an app server, as docs/deploy.md installs it, for e2e/https-proxy.spec.ts: its
 * internal CA (`tls internal`) instead of Let's Encrypt, on a free port of 127.0.0.1, with everything it
 * writes (certificates, its CA, autosaved config) in a temporary folder and no admin endpoint, so that it
 * touches neither the machine's trust store nor another run's Caddy.
 */

export const CADDY_INSTALL = 'apt-get install -y caddy libnss3-tools';

/** `/usr/bin/caddy` (or CADDY_PATH) if installed, with `certutil` to trust its CA; undefined otherwise. */
export function caddyPath(): string | undefined {
  const caddy = process.env.CADDY_PATH || '/usr/bin/caddy';
  if (!fs.existsSync(caddy)) return undefined;
  return spawnSync('certutil', ['-H'], { stdio: 'ignore' }).error ? undefined : caddy;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningCaddy {
  /** `https://localhost:<port>`: the address users reach (the app's PUBLIC_URL). */
  origin: string;
  /** Caddy's own root certificate (PEM), which signed the site's certificate. */
  rootCertificate: string;
  stop(): Promise<void>;
}

/**
 * The production Caddyfile of docs/deploy.md (`reverse_proxy 127.0.0.1:<app>`) with what a test needs around
 * it: the internal CA, never installed into the system's trust store (`skip_install_trust`), no redirect
 * listener on port 80, no admin endpoint, storage under `dir`.
 */
function caddyfile(dir: string, httpsPort: number, httpPort: number, appPort: number): string {
  return `{
	admin off
	skip_install_trust
	auto_https disable_redirects
	http_port ${httpPort}
	https_port ${httpsPort}
	storage file_system ${path.join(dir, 'storage')}
}

https://localhost:${httpsPort} {
	bind 127.0.0.1
	tls internal
	reverse_proxy 127.0.0.1:${appPort}
}
`;
}

/** Starts Caddy on `httpsPort` in front of the app on `appPort` and waits until it answers the app's health over HTTPS. */
export async function startCaddy(
  caddy: string,
  dir: string,
  appPort: number,
  httpsPort: number,
): Promise<RunningCaddy> {
  const httpPort = await freePort();
  const config = path.join(dir, 'Caddyfile');
  fs.writeFileSync(config, caddyfile(dir, httpsPort, httpPort, appPort));
  const output: string[] = [];
  const child = spawn(caddy, ['run', '--config', config, '--adapter', 'caddyfile'], {
    // Caddy keeps its data and config under HOME/XDG folders unless told otherwise: the temporary folder.
    env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => void output.push(chunk.toString());
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const stop = () => stopProcess(child);
  const origin = `https://localhost:${httpsPort}`;
  const rootFile = path.join(dir, 'storage', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Caddy exited with code ${child.exitCode}:\n${output.join('')}`);
    if (fs.existsSync(rootFile)) {
      const rootCertificate = fs.readFileSync(rootFile, 'utf8');
      const health = await httpsRequest(`${origin}/api/health`, { ca: rootCertificate }).catch(() => undefined);
      if (health?.status === 200) return { origin, rootCertificate, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`Caddy did not serve ${origin}/api/health within 30 s:\n${output.join('')}`);
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTPS request that trusts only `ca`, optionally from another loopback address (`localAddress`, e.g.
 * 127.0.0.5: a client the proxy and the app can tell from the browser and from the proxy itself).
 */
export function httpsRequest(
  url: string,
  options: { ca: string; method?: string; headers?: Record<string, string>; body?: string; localAddress?: string },
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, ca: options.ca, localAddress: options.localAddress },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/**
 * A HOME whose NSS database (`.pki/nssdb`, where Chromium on Linux looks for the user's certificate
 * authorities) trusts `rootCertificate` to identify web sites: a browser started with this HOME trusts
 * Caddy's CA for real, as a clinic's computers trust the public CA that signs the real certificate.
 */
export function homeTrusting(dir: string, rootCertificate: string): string {
  const home = path.join(dir, 'home');
  const nssdb = path.join(home, '.pki', 'nssdb');
  fs.mkdirSync(nssdb, { recursive: true });
  const certificate = path.join(dir, 'caddy-root.crt');
  fs.writeFileSync(certificate, rootCertificate);
  const run = (args: string[]) => {
    const result = spawnSync('certutil', args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`certutil ${args.join(' ')} failed:\n${result.stderr}`);
  };
  run(['-N', '-d', `sql:${nssdb}`, '--empty-password']);
  run(['-A', '-d', `sql:${nssdb}`, '-n', 'Caddy Local Authority (test)', '-t', 'C,,', '-i', certificate]);
  return home;
}
