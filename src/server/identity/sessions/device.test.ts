import { describe, expect, it } from 'vitest';
import { describeDevice, deviceFingerprint, networkOf, placeLabel } from './device';

const UA = {
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

describe('describeDevice', () => {
  it.each([
    [UA.windowsChrome, 'Ordenador con Windows', 'Chrome 131'],
    [UA.windowsEdge, 'Ordenador con Windows', 'Microsoft Edge 131'],
    [UA.macSafari, 'Ordenador con macOS', 'Safari 17'],
    [UA.iphone, 'iPhone con iOS 17', 'Safari 17'],
    [UA.ipad, 'iPad con iOS 17', 'Safari 17'],
    [UA.android, 'Móvil con Android 14', 'Chrome 131'],
    [UA.linuxFirefox, 'Ordenador con Linux', 'Firefox 133'],
    ['curl/8.5.0', 'Dispositivo desconocido', 'Navegador desconocido'],
    ['', 'Dispositivo desconocido', 'Navegador desconocido'],
    [null, 'Dispositivo desconocido', 'Navegador desconocido'],
  ])('%s → %s, %s', (userAgent, device, browser) => {
    expect(describeDevice(userAgent, '203.0.113.7')).toEqual({ device, browser, place: 'Red 203.0.113.x' });
  });
});

describe('the approximate place (no GeoIP: the network of the address)', () => {
  it.each([
    ['203.0.113.45', 'Red 203.0.113.x'],
    ['::ffff:203.0.113.45', 'Red 203.0.113.x'],
    ['2001:db8:85a3::8a2e:370:7334', 'Red 2001:db8:85a3::/48'],
    ['2001:0db8:0000:0042::1', 'Red 2001:db8::/48'],
    ['10.1.2.3', 'Red local'],
    ['172.20.0.5', 'Red local'],
    ['192.168.1.20', 'Red local'],
    ['127.0.0.1', 'Red local'],
    ['169.254.10.10', 'Red local'],
    ['::1', 'Red local'],
    ['fd12:3456::1', 'Red local'],
    ['fe80::1%eth0', 'Red local'],
    ['172.32.0.1', 'Red 172.32.0.x'],
    ['no-es-una-ip', 'Lugar desconocido'],
    [null, 'Lugar desconocido'],
  ])('%s → %s', (ip, label) => {
    expect(placeLabel(networkOf(ip))).toBe(label);
  });
});

describe('deviceFingerprint', () => {
  it('ignores versions and the host inside the network; tells browsers, systems, kinds and networks apart', () => {
    const base = deviceFingerprint(UA.windowsChrome, '203.0.113.45');
    expect(deviceFingerprint(UA.windowsChrome.replace('Chrome/131', 'Chrome/140'), '203.0.113.200')).toBe(base);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(deviceFingerprint(UA.windowsEdge, '203.0.113.45')).not.toBe(base);
    expect(deviceFingerprint(UA.android, '203.0.113.45')).not.toBe(base);
    expect(deviceFingerprint(UA.windowsChrome, '203.0.114.45')).not.toBe(base);
    expect(deviceFingerprint(UA.windowsChrome, '10.0.0.1')).toBe(deviceFingerprint(UA.windowsChrome, '192.168.1.1'));
  });
});
