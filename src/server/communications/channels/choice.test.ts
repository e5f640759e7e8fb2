import { describe, expect, it } from 'vitest';
import { smsShape } from '../providers/gsm7';
import { chooseChannel, offeredChannels } from './choice';
import { reminderSms } from './texts';

const both = { sms: true, whatsapp: true };
const ana = { email: 'ana@prueba.test', phone: '600 111 222', preferredChannel: 'sms' as const, phoneConsent: true };

describe('the channels a patient may choose', () => {
  it('the clinic’s, in its order, a phone channel only with its provider', () => {
    expect(offeredChannels(['whatsapp', 'email', 'sms'], both)).toEqual(['whatsapp', 'email', 'sms']);
    expect(offeredChannels(['whatsapp', 'email', 'sms'], { sms: false, whatsapp: true })).toEqual([
      'whatsapp',
      'email',
    ]);
  });
  it('e-mail when no channel of the clinic can send', () => {
    expect(offeredChannels(['sms'], { sms: false, whatsapp: false })).toEqual(['email']);
  });
});

describe('the channel of a message', () => {
  it('her preference when the clinic offers it, with consent, provider and a mobile number', () => {
    expect(chooseChannel(['email', 'sms', 'whatsapp'], both, ana)).toEqual({ channel: 'sms', to: '+34600111222' });
    expect(chooseChannel(['whatsapp', 'email'], both, ana)).toEqual({ channel: 'whatsapp', to: '+34600111222' });
  });
  it('the clinic’s order otherwise; e-mail without consent, provider or mobile number', () => {
    expect(chooseChannel(['whatsapp', 'sms'], both, { ...ana, preferredChannel: 'email' })).toEqual({
      channel: 'whatsapp',
      to: '+34600111222',
    });
    expect(chooseChannel(['sms'], both, { ...ana, phoneConsent: false })).toEqual({
      channel: 'email',
      to: 'ana@prueba.test',
    });
    expect(chooseChannel(['sms'], { sms: false, whatsapp: false }, ana)).toEqual({
      channel: 'email',
      to: 'ana@prueba.test',
    });
    expect(chooseChannel(['sms'], both, { ...ana, phone: '912 345 678' })).toEqual({
      channel: 'email',
      to: 'ana@prueba.test',
    });
    expect(chooseChannel(['sms'], both, { ...ana, phone: '', email: '' })).toBeNull();
  });
});

describe('the SMS reminder', () => {
  const base = {
    clinicName: 'Clínica Dental Sonrisas del Retiro',
    patientName: 'Ana',
    startsAt: new Date('2026-03-02T17:30:00Z'),
    timeZone: 'Europe/Madrid',
    doctorName: 'Dra. María Jesús Álvarez Ibáñez',
    clinicPhone: '910 000 000',
  };
  const manageUrl = `https://clinica.example/cita/${'0'.repeat(36)}.${'a'.repeat(43)}`;
  it('fits two GSM-7 segments with the booking link, in the clinic’s time, without á í ó ú', () => {
    const text = reminderSms({
      ...base,
      manageUrl,
      confirmUrl: `${manageUrl}?respuesta=confirmo`,
      declineUrl: `${manageUrl}?respuesta=no-podre-ir`,
    });
    expect(smsShape(text)).toMatchObject({ encoding: 'GSM-7' });
    expect(smsShape(text).segments).toBeLessThanOrEqual(2);
    expect(text).toContain(manageUrl);
    expect(text).toContain('18:30');
    expect(text).not.toMatch(/[áíóúÁÍÓÚ]/);
    expect(text.startsWith('Clinica Dental Sonrisas del Retiro:')).toBe(true);
  });
  it('a short link keeps both one-click answers', () => {
    const short = 'https://c.es/cita/x';
    const text = reminderSms({ ...base, manageUrl: short, confirmUrl: `${short}?r=si`, declineUrl: `${short}?r=no` });
    expect(text).toContain('¿Vendras? Si: https://c.es/cita/x?r=si No: https://c.es/cita/x?r=no');
    expect(smsShape(text).segments).toBeLessThanOrEqual(2);
  });
});
