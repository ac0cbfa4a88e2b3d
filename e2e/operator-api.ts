import { generate } from 'otplib';
import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, ADMIN_PATHS, ERRORS, type OperatorRole } from '@sen/contract';
import { expect, type APIRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN, freshTotpCode } from './admin/admin-support.ts';

const TOTP_STEP_SECONDS = 30;

/*
 * Operators for borrower journeys that need the back office only as a counterpart (a collector's
 * offer, a second operator's approval): signed in through the back office's API, each in a request
 * context of its own (its session cookie), no admin page built or opened. The back office's own
 * pages have their journeys under e2e/admin/.
 */

/** Answers the envelope's data of a back-office call, failing the test on any refusal. */
export async function adminData<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const text = await response.text();
  expect(response.ok(), text).toBe(true);
  const envelope = JSON.parse(text) as { code: number; data: T };
  expect(envelope.code, text).toBe(200);
  return envelope.data;
}

/**
 * The demo admin signed in (password, then the authenticator code). The server refuses a time step
 * it accepted before; when another worker process on this server (the admin journeys) used this
 * step, the next step's code is taken, which the server accepts (one step of drift either side),
 * instead of waiting up to 30 s for it (decision 120).
 */
export async function signedInDemoAdmin(contexts: APIRequest, baseURL: string): Promise<APIRequestContext> {
  const admin = await contexts.newContext({ baseURL, extraHTTPHeaders: { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE } });
  const signIn = async (code: string) => {
    const { pendingToken } = await adminData<{ pendingToken: string }>(await admin.post(ADMIN_PATHS.signInPassword, { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } }));
    return ((await (await admin.post(ADMIN_PATHS.signInTotp, { data: { pendingToken, code } })).json()) as { code: number }).code;
  };
  let outcome = await signIn(await freshTotpCode(DEMO_ADMIN.totpSecret));
  // Another worker may have used this step and the next (two sign-ins in one step): then the one
  // after, once the clock allows it.
  let step = Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS);
  for (let attempt = 0; attempt < 3 && outcome !== 200; attempt += 1) {
    expect(outcome, 'the demo admin signs in, or its code was used by another process').toBe(ERRORS.OPERATOR_TOTP_REPLAYED.code);
    step += 1;
    const allowedAt = (step - 1) * TOTP_STEP_SECONDS * 1000;
    if (allowedAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, allowedAt - Date.now() + 250));
    outcome = await signIn(await generate({ secret: DEMO_ADMIN.totpSecret, epoch: step * TOTP_STEP_SECONDS }));
  }
  expect(outcome, 'the demo admin signs in with a fresh step’s code').toBe(200);
  return admin;
}

/** A new operator with `role`, invited by `admin`, enrolled and signed in through the API in a context of their own. */
export async function invitedOperator(contexts: APIRequest, baseURL: string, admin: APIRequestContext, role: OperatorRole, name: string): Promise<APIRequestContext> {
  const invited = await adminData<{ enrolmentLink: string }>(
    await admin.post(ADMIN_PATHS.operatorInvite, { data: { email: `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@sen.local`, name, role } }),
  );
  const token = new URL(invited.enrolmentLink, baseURL).searchParams.get('token');
  expect(token, invited.enrolmentLink).toBeTruthy();
  const operator = await contexts.newContext({ baseURL, extraHTTPHeaders: { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE } });
  const step = await adminData<{ step: string; pendingToken: string }>(await operator.post(ADMIN_PATHS.acceptInvitation, { data: { token, password: `${role} passphrase of some length` } }));
  expect(step.step).toBe('enrol');
  const { secret } = await adminData<{ secret: string }>(await operator.post(ADMIN_PATHS.enrol, { data: { pendingToken: step.pendingToken } }));
  await adminData(await operator.post(ADMIN_PATHS.signInTotp, { data: { pendingToken: step.pendingToken, code: await freshTotpCode(secret) } }));
  return operator;
}
