import QRCode from 'qrcode';
import sharp from 'sharp';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { QR_OPTIONS, QR_PRINT, mmToPoints, qrPng, qrSvg, recordVerificationUrl, verificationUrl } from './qr';
import { clinicChain } from '../../test/verifactu-fixtures';
import { type RegistroAlta } from './types';

// The AEAT's example in its QR specification: nif 89890001K, numserie 12345678&G33, 01-01-2024, 241.4 €.
const aeatExample = {
  issuerNif: '89890001K',
  number: '12345678&G33',
  issueDate: Temporal.PlainDate.from('2024-01-01'),
  total: 241_40,
};

describe('the verification address', () => {
  it('is the AEAT’s ValidarQR with nif, numserie, fecha and importe, URL-encoded', () => {
    expect(verificationUrl(aeatExample, 'test')).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.40',
    );
    const url = new URL(verificationUrl(aeatExample, 'production'));
    expect(`${url.origin}${url.pathname}`).toBe('https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR');
    expect([...url.searchParams]).toEqual([
      ['nif', '89890001K'],
      ['numserie', '12345678&G33'],
      ['fecha', '01-01-2024'],
      ['importe', '241.40'],
    ]);
  });

  it('encodes a slash or a space in the number, and writes a negative total as the record does', () => {
    const url = verificationUrl({ ...aeatExample, number: 'R 2027/1', total: -10_00 }, 'test');
    expect(url).toContain('numserie=R%202027%2F1&');
    expect(new URL(url).searchParams.get('importe')).toBe('-10.00');
  });

  it('takes a registro de alta’s own values', () => {
    const taxable = clinicChain()[2] as RegistroAlta;
    const params = new URL(recordVerificationUrl(taxable, 'production')).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      nif: 'B12345674',
      numserie: 'F2027-000002',
      fecha: '16-01-2027',
      importe: '220.83',
    });
  });
});

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

async function pixelsOf(png: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Reads the modules of a PNG drawn by `qrcode` (square, `margin` light modules around). */
function modulesOf(png: Pixels, size: number, margin: number): boolean[][] {
  const scale = png.width / (size + 2 * margin);
  const dark = (row: number, col: number) => {
    const x = Math.floor((margin + col + 0.5) * scale);
    const y = Math.floor((margin + row + 0.5) * scale);
    return png.data[(y * png.width + x) * png.channels]! < 128;
  };
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => dark(row, col)));
}

/** The error-correction level the symbol's format information declares (ISO/IEC 18004, 7.9), read off the image. */
function errorCorrectionOf(modules: boolean[][]): 'L' | 'M' | 'Q' | 'H' {
  const size = modules.length;
  const rows = [0, 1, 2, 3, 4, 5, 7, 8, ...Array.from({ length: 7 }, (_, i) => size - 7 + i)];
  const bits = rows.reduce((value, row, bit) => value | (Number(modules[row]![8]) << bit), 0);
  const level = ((bits ^ 0b101010000010010) >> 13) & 0b11;
  return (['M', 'L', 'H', 'Q'] as const)[level]!;
}

function matrixOf(symbol: QRCode.QRCode): boolean[][] {
  const { size } = symbol.modules;
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => Boolean(symbol.modules.get(row, col))),
  );
}

describe('the QR code', () => {
  const url = verificationUrl(aeatExample, 'production');

  it('is drawn with error correction M: the PNG’s modules are the symbol, and its format says M', async () => {
    const png = await pixelsOf(await qrPng(url));
    expect(png.width).toBe(413);
    expect(png.height).toBe(413);
    const symbol = QRCode.create(url, QR_OPTIONS);
    const modules = modulesOf(png, symbol.modules.size, QR_OPTIONS.margin);
    expect(modules).toEqual(matrixOf(symbol));
    expect(errorCorrectionOf(modules)).toBe('M');
  });

  it('reads each error-correction level off a symbol (so the check above can fail)', () => {
    for (const level of ['L', 'M', 'Q', 'H'] as const) {
      expect(errorCorrectionOf(matrixOf(QRCode.create(url, { errorCorrectionLevel: level })))).toBe(level);
    }
  });

  it('is also an SVG of the same symbol', async () => {
    const svg = await qrSvg(url);
    const size = QRCode.create(url, QR_OPTIONS).modules.size + 2 * QR_OPTIONS.margin;
    expect(svg).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"`));
  });

  it('is printed 35 mm square, within the 30–40 mm the order asks, with its legends', () => {
    expect(QR_PRINT.sizeMm).toBeGreaterThanOrEqual(QR_PRINT.minSizeMm);
    expect(QR_PRINT.sizeMm).toBeLessThanOrEqual(QR_PRINT.maxSizeMm);
    expect([QR_PRINT.minSizeMm, QR_PRINT.maxSizeMm]).toEqual([30, 40]);
    expect(mmToPoints(QR_PRINT.sizeMm)).toBeCloseTo(99.21, 2);
    expect(QR_PRINT.label).toBe('QR tributario:');
  });
});
