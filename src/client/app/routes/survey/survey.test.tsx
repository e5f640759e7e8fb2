import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../../../test/render';
import SurveyPage from './survey';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view = {
  clinicName: 'Clínica Demo',
  visitDate: 'lun 2/3',
  doctorName: 'Dra. Sánchez',
  answered: false,
  reviewUrl: null,
};

describe('the survey’s thank-you page', () => {
  it('invites to the clinic’s public review page when the answer brings its link', async () => {
    stubApi(() => ({ status: 200, body: { ...view, answered: true, reviewUrl: 'https://g.page/r/demo/review' } }));
    renderScreen(<SurveyPage />, { path: '/encuesta/:token', at: '/encuesta/abc' });
    expect(await screen.findByText('¡Gracias por tu respuesta!')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Dejar una reseña en Google' });
    expect(link).toHaveAttribute('href', 'https://g.page/r/demo/review');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('invites nobody when the answer brings no link', async () => {
    stubApi(() => ({ status: 200, body: { ...view, answered: true } }));
    renderScreen(<SurveyPage />, { path: '/encuesta/:token', at: '/encuesta/abc' });
    expect(await screen.findByText('¡Gracias por tu respuesta!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dejar una reseña en Google' })).not.toBeInTheDocument();
  });
});
