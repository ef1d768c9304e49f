import type { StaffRole } from '@marco/contract/staff';
import type { FastifyInstance } from 'fastify';
import { TOTP } from 'otpauth';
import type { Db } from '../src/db/client.js';
import { createOrPromoteStaff } from '../src/modules/admin/create-staff.js';
import { createUser, type TestUser } from './factories.js';

export const STAFF_API = '/api/app/staff';

/** The RFC 6238 code an authenticator app shows for `secret` at `at` (SHA-1, 6 digits, 30 s). */
export const totpCode = (secret: string, at: Date): string =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at.getTime() });

export interface TestStaff extends TestUser {
  roles: StaffRole[];
  /** Base32 secret of the authenticator; empty when not enrolled. */
  totpSecret: string;
  recoveryCodes: string[];
}

async function post(app: FastifyInstance, headers: Record<string, string>, url: string, payload?: object) {
  const response = await app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  if (response.statusCode !== 200) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * A staff member with `roles` (support by default) who set up an authenticator through the
 * real calls with a computed code, so their bearer session (`headers`) passed the second
 * factor and reaches staff routes. `enrol: false` leaves them at their first sign-in.
 */
export async function createStaff(
  app: FastifyInstance,
  db: Db,
  options: { roles?: StaffRole[]; enrol?: boolean; name?: string } = {},
): Promise<TestStaff> {
  const roles = options.roles ?? ['support'];
  const user = await createUser(app, { name: options.name ?? 'Staff' });
  await createOrPromoteStaff(db, { phone: user.phone, roles });
  if (options.enrol === false) return { ...user, roles, totpSecret: '', recoveryCodes: [] };
  const enrolment = await post(app, user.headers, `${STAFF_API}/second-factor/enrol`);
  const { recoveryCodes } = await post(app, user.headers, `${STAFF_API}/second-factor/enrol/confirm`, {
    code: totpCode(enrolment.secret, app.deps.clock.now()),
  });
  return { ...user, roles, totpSecret: enrolment.secret, recoveryCodes };
}
