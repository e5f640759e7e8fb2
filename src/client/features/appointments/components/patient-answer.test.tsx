import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { appointment } from '../test/fixtures';
import { PatientAnswerMark } from './patient-answer';

afterEach(cleanup);

describe('the patient’s answer in the diary', () => {
  it('names the channel of a confirmation by a reply: «✓✓ SMS», «Confirmada por el paciente por SMS»', () => {
    const at = '2026-03-22T18:00:00Z';
    renderScreen(
      <>
        <PatientAnswerMark
          appointment={appointment()}
          answer={{ appointmentId: 'a-1', answer: 'confirmed', answeredAt: at, via: 'link' }}
        />
        <PatientAnswerMark
          appointment={appointment()}
          answer={{ appointmentId: 'a-1', answer: 'confirmed', answeredAt: at, via: 'sms' }}
        />
        <PatientAnswerMark
          appointment={appointment()}
          answer={{ appointmentId: 'a-1', answer: 'confirmed', answeredAt: at, via: 'whatsapp' }}
        />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Confirmada por el paciente' })).toHaveTextContent(/^✓✓$/);
    expect(screen.getByRole('img', { name: 'Confirmada por el paciente por SMS' })).toHaveTextContent('✓✓ SMS');
    expect(screen.getByRole('img', { name: 'Confirmada por el paciente por WhatsApp' })).toHaveTextContent(
      '✓✓ WhatsApp',
    );
  });
});
