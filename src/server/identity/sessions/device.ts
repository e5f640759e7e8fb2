import { createHash } from 'node:crypto';
import net from 'node:net';
import Bowser from 'bowser';

/**
 * What «Sesiones abiertas» and the «Nuevo inicio de sesión» e-mail say of a session: the device and
 * browser from its User-Agent (parsed by `bowser`, MIT, already in the tree; no versions that change with
 * every update in the fingerprint), and the approximate place from its address. We have no GeoIP database
 * (and the clinic's server may have no internet): the place is the address masked to its network —
 * «Red 203.0.113.x» — or «Red local» for private, loopback and link-local ranges (docs/decisions/0033-sessions-one-can-see-and-end-a-desk.md).
 */
export interface DeviceDescription {
  /** «Ordenador con Windows», «iPhone con iOS 17», «Dispositivo desconocido». */
  device: string;
  /** «Chrome 131», «Navegador desconocido». */
  browser: string;
  /** «Red 203.0.113.x», «Red 2001:db8:85a3::/48», «Red local», «Lugar desconocido». */
  place: string;
}

const KIND_LABELS: Record<string, string> = {
  desktop: 'Ordenador',
  mobile: 'Móvil',
  tablet: 'Tableta',
  tv: 'Televisor',
};

/** Systems whose user-agent version is frozen (Windows says 10 on 11, macOS says 10.15): no version shown. */
const FROZEN_VERSION = new Set(['Windows', 'macOS', 'Linux', 'Chrome OS']);

interface Parsed {
  browserName: string;
  browserMajor: string;
  osName: string;
  osMajor: string;
  kind: string;
  model: string;
}

function parse(userAgent: string | null | undefined): Parsed {
  const empty = { browserName: '', browserMajor: '', osName: '', osMajor: '', kind: '', model: '' };
  if (!userAgent?.trim()) return empty;
  try {
    const { browser, os, platform } = Bowser.parse(userAgent);
    return {
      browserName: browser.name ?? '',
      browserMajor: (browser.version ?? '').split('.')[0] ?? '',
      osName: os.name ?? '',
      osMajor: (os.version ?? '').split('.')[0] ?? '',
      kind: platform.type ?? '',
      model: platform.model ?? '',
    };
  } catch {
    return empty;
  }
}

function deviceLabel({ osName, osMajor, kind, model }: Parsed): string {
  const system = osName ? (FROZEN_VERSION.has(osName) || !/^\d+$/.test(osMajor) ? osName : `${osName} ${osMajor}`) : '';
  const base = model === 'iPhone' || model === 'iPad' ? model : (KIND_LABELS[kind] ?? (system ? 'Dispositivo' : ''));
  if (!base) return 'Dispositivo desconocido';
  return system ? `${base} con ${system}` : base;
}

function browserLabel({ browserName, browserMajor }: Parsed): string {
  if (!browserName) return 'Navegador desconocido';
  return /^\d+$/.test(browserMajor) ? `${browserName} ${browserMajor}` : browserName;
}

const LOCAL_V4 = new net.BlockList();
for (const [address, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['0.0.0.0', 8],
] as const) {
  LOCAL_V4.addSubnet(address, prefix, 'ipv4');
}
const LOCAL_V6 = new net.BlockList();
LOCAL_V6.addAddress('::1', 'ipv6');
LOCAL_V6.addSubnet('fc00::', 7, 'ipv6');
LOCAL_V6.addSubnet('fe80::', 10, 'ipv6');

/** The eight groups of an IPv6 address (without an embedded IPv4 part), or null. */
function ipv6Groups(address: string): string[] | null {
  const [head = '', tail, ...rest] = address.toLowerCase().split('::');
  if (rest.length > 0) return null;
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((group) =>
    group.replace(/^0+(?=.)/, ''),
  );
}

/** The network of an address: `local`, `v4:203.0.113`, `v6:2001:db8:85a3`, or null when there is none to tell. */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = (mapped ?? ip).replace(/%.*$/, '');
  if (net.isIPv4(address)) {
    if (LOCAL_V4.check(address, 'ipv4')) return 'local';
    return `v4:${address.split('.').slice(0, 3).join('.')}`;
  }
  if (net.isIPv6(address)) {
    if (LOCAL_V6.check(address, 'ipv6')) return 'local';
    const groups = ipv6Groups(address);
    return groups ? `v6:${groups.slice(0, 3).join(':')}` : null;
  }
  return null;
}

/** «Red 203.0.113.x», «Red 2001:db8:85a3::/48», «Red local», «Lugar desconocido». */
export function placeLabel(network: string | null): string {
  if (network === null) return 'Lugar desconocido';
  if (network === 'local') return 'Red local';
  if (network.startsWith('v4:')) return `Red ${network.slice(3)}.x`;
  // The /48 prefix written as IPv6 is: trailing zero groups fold into the «::».
  return `Red ${network.slice(3).replace(/(:0)+$/, '')}::/48`;
}

export function describeDevice(userAgent: string | null | undefined, ip: string | null | undefined): DeviceDescription {
  const parsed = parse(userAgent);
  return { device: deviceLabel(parsed), browser: browserLabel(parsed), place: placeLabel(networkOf(ip)) };
}

/**
 * What makes a device «the same» for the new-device e-mail: the browser's and the system's names, the kind
 * of device and the network — no versions (a browser that updates itself is not a new device). Stored as
 * its SHA-256 only.
 */
export function deviceFingerprint(userAgent: string | null | undefined, ip: string | null | undefined): string {
  const { browserName, osName, kind } = parse(userAgent);
  const key = [browserName, osName, kind, networkOf(ip) ?? ''].join('|').toLowerCase();
  return createHash('sha256').update(key).digest('hex');
}
