import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../common/roles';
import errorsPlugin from '../platform/http/errors';
import type { Repositories } from '../repositories';
import { createRequestScope } from '../request-scope';
import accessPlugin, { registerWithAccess } from './plugin';
import { can, grantOf, PERMISSIONS } from './policy';
import { visibilityOf } from './visibility';

/** A bare server with the access plugin; `x-test-role` stands in for a session. */
async function server(routes: (app: FastifyInstance) => unknown) {
  const app = Fastify();
  const visibleTo = () => ({});
  const repos = { patients: { visibleTo }, appointments: { visibleTo } } as unknown as Repositories;
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const role = request.headers['x-test-role'] as Role | undefined;
    if (role)
      request.user = {
        id: `${role}-1`,
        email: `${role}@prueba.test`,
        role,
        displayName: role,
        sessionId: 's',
        provedAt: null,
      };
  });
  await app.register(errorsPlugin);
  await app.register(accessPlugin, { scopeOf: (user, grant) => createRequestScope(repos, user, grant) });
  await routes(app);
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('routes declare their access', () => {
  it('an /api route without a declared access stops the app from starting, naming the route', async () => {
    await expect(server((a) => a.get('/api/olvidada', async () => ({})))).rejects.toThrow(
      /GET \/api\/olvidada: every \/api route declares config\.access/,
    );
  });

  it('so does a permission the policy does not know', async () => {
    const unknown = server((a) =>
      a.post('/api/rara', { config: { access: 'patients:delete' as never } }, async () => ({})),
    );
    await expect(unknown).rejects.toThrow(/POST \/api\/rara: .* got "patients:delete"/);
  });

  it('nor does a short link of a message (`/r/…`) start without one: it is answered by the server too', async () => {
    await expect(server((a) => a.get('/r/:code', async () => 'ok'))).rejects.toThrow(
      /GET \/r\/:code: every \/api route declares config\.access/,
    );
    app = await server((a) => a.get('/r/:code', { config: { access: 'public' } }, async () => 'ok'));
    await app.ready();
    expect(app.accessRoutes.map((route) => `${route.method} ${route.url} ${route.access}`)).toContain(
      'GET /r/:code public',
    );
  });

  it('routes outside /api (the app, its files) need none', async () => {
    app = await server((a) => a.get('/admin/panel', async () => 'ok'));
    await app.ready();
    expect(app.accessRoutes).toEqual([]);
  });
});

describe('the access hook', () => {
  const build = () =>
    server((a) => {
      a.get('/api/fichas', { config: { access: 'read:patients' } }, async (request) => ({
        grant: request.scope.grant,
        visibility: request.scope.visibility,
      }));
      a.get('/api/abierta', { config: { access: 'public' } }, async (request) => ({
        visibility: request.scope.visibility,
      }));
      a.get('/api/ajustes', { config: { access: 'manage:settings' } }, async () => ({ ok: true }));
    });

  it('answers 401 with the catalogue text to a visitor and 403 to a role without the permission', async () => {
    app = await build();
    const visitor = await app.inject({ method: 'GET', url: '/api/fichas' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toEqual({ code: 'NOT_AUTHENTICATED', message: 'No hay usuario autenticado' });
    const doctor = await app.inject({ method: 'GET', url: '/api/ajustes', headers: { 'x-test-role': 'doctor' } });
    expect(doctor.statusCode).toBe(403);
    expect(doctor.json().error.code).toBe('FORBIDDEN');
    expect(
      (await app.inject({ method: 'GET', url: '/api/ajustes', headers: { 'x-test-role': 'admin' } })).statusCode,
    ).toBe(200);
  });

  it('scopes the request to what the grant of its role reaches', async () => {
    app = await build();
    const as = async (role: Role) =>
      (await app!.inject({ method: 'GET', url: '/api/fichas', headers: { 'x-test-role': role } })).json();
    expect(await as('admin')).toEqual({ grant: 'any', visibility: { kind: 'all' } });
    expect(await as('doctor')).toEqual({ grant: 'own', visibility: { kind: 'doctor', doctorId: 'doctor-1' } });
    expect(await as('paciente')).toEqual({ grant: 'own', visibility: { kind: 'patient', accountId: 'paciente-1' } });
    const open = await app.inject({ method: 'GET', url: '/api/abierta', headers: { 'x-test-role': 'admin' } });
    expect(open.json()).toEqual({ visibility: { kind: 'none' } });
  });

  it('records every declared route, HEAD included', async () => {
    app = await build();
    await app.ready();
    expect(app.accessRoutes).toContainEqual(
      expect.objectContaining({ method: 'HEAD', url: '/api/fichas', access: 'read:patients', stepUp: false }),
    );
  });
});

describe('routes of a plugin we do not write', () => {
  /** Like `@fastify/swagger-ui`: routes without a config of ours, one of them in a nested plugin. */
  const vendored: FastifyPluginAsync = async (scope) => {
    scope.get('/api/ajeno', async () => ({ ok: true }));
    scope.get('/api/ajeno/propio', { config: { access: 'manage:settings' } }, async () => ({ ok: true }));
    await scope.register(async (inner) => inner.get('/api/ajeno/anidado', async () => ({ ok: true })));
  };

  it('take the access they are registered with, unless they declare their own', async () => {
    app = await server((a) => registerWithAccess(a, 'public', vendored, {}));
    await app.ready();
    expect(app.accessRoutes.filter((route) => route.method === 'GET')).toEqual([
      expect.objectContaining({ url: '/api/ajeno', access: 'public' }),
      expect.objectContaining({ url: '/api/ajeno/propio', access: 'manage:settings' }),
      expect.objectContaining({ url: '/api/ajeno/anidado', access: 'public' }),
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/ajeno/anidado' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/ajeno/propio' })).statusCode).toBe(401);
  });

  it('and the routes beside them still declare theirs', async () => {
    const started = server(async (a) => {
      await registerWithAccess(a, 'public', vendored, {});
      a.get('/api/vecina', async () => ({}));
    });
    await expect(started).rejects.toThrow(/GET \/api\/vecina: every \/api route declares config\.access/);
  });
});

describe('the permissions table', () => {
  it('gives staff no clinical data of their own and visitors nothing', () => {
    expect(visibilityOf({ id: 'a', role: 'admin' }, 'own')).toEqual({ kind: 'none' });
    expect(visibilityOf(null, 'any')).toEqual({ kind: 'none' });
  });

  it('holds only the three roles and the two grants', () => {
    for (const row of Object.values(PERMISSIONS)) {
      for (const [role, grant] of Object.entries(row)) {
        expect(['admin', 'doctor', 'paciente']).toContain(role);
        expect(['any', 'own']).toContain(grant);
      }
    }
    expect(grantOf('doctor', 'manage:appointments')).toBeNull();
    expect(can({ role: 'admin' }, 'manage:appointments')).toBe(true);
    expect(can(null, 'manage:profile')).toBe(false);
  });
});
