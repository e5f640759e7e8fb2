import { describe, expect, it, vi } from 'vitest';
import type { InitialState } from '../../../common/initial-state';
import { withVisitorCache } from './spa-render';

const visitor: InitialState = { session: { user: null, profile: null }, clinic: null };
const signedIn = {
  session: { user: { id: 'u1' }, profile: { role: 'paciente' } },
  clinic: null,
} as unknown as InitialState;

describe('the cache of rendered pages', () => {
  it("renders a visitor's page once per address and clinic data", async () => {
    const render = vi.fn(async (url: string) => ({ html: `<main>${url}</main>` }));
    const cached = withVisitorCache(render);
    expect(await cached('/', visitor)).toEqual({ html: '<main>/</main>' });
    expect(await cached('/', visitor)).toEqual({ html: '<main>/</main>' });
    expect(render).toHaveBeenCalledTimes(1);
    await cached('/agendar-cita', visitor);
    await cached('/', { ...visitor, clinic: { name: 'Otra' } as InitialState['clinic'] });
    expect(render).toHaveBeenCalledTimes(3);
  });

  it('renders every time for a signed-in user, whose page is their own', async () => {
    const render = vi.fn(async () => ({ html: '<main></main>' }));
    const cached = withVisitorCache(render);
    await cached('/', signedIn);
    await cached('/', signedIn);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("renders every time a page opened from a link: one patient's invoice or quote, kept nowhere", async () => {
    const render = vi.fn(async () => ({ html: '<main></main>' }));
    const cached = withVisitorCache(render);
    const linkAnswer = { api: '/api/presupuestos/tok', status: 200, body: { number: 'P-2026-0001' } };
    await cached('/presupuesto/tok', { ...visitor, linkAnswer });
    await cached('/presupuesto/tok', { ...visitor, linkAnswer });
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed render, and no more entries than its size', async () => {
    let fail = true;
    const render = vi.fn(async (url: string) => {
      if (fail) throw new Error('fallo');
      return { html: url };
    });
    const cached = withVisitorCache(render, 2);
    await expect(cached('/', visitor)).rejects.toThrow('fallo');
    fail = false;
    expect(await cached('/', visitor)).toEqual({ html: '/' });
    expect(render).toHaveBeenCalledTimes(2);
    await cached('/a', visitor);
    await cached('/b', visitor);
    // '/' was the oldest of three: it went, so it is rendered again.
    await cached('/', visitor);
    expect(render).toHaveBeenCalledTimes(5);
  });
});
