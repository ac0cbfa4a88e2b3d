import { describe, expect, it } from 'vitest';
import { SUCCESS_CODE } from './envelope.ts';
import { ERRORS } from './errors.ts';
import { isMessageKey, messages } from './messages.ts';

const entries = Object.entries(ERRORS);

describe('error catalogue', () => {
  it('has unique envelope codes', () => {
    const codes = entries.map(([, error]) => error.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('never uses the success code', () => {
    for (const [name, error] of entries) expect(error.code, name).not.toBe(SUCCESS_CODE);
  });

  it('points every error at an existing message in every language', () => {
    for (const [name, error] of entries) {
      expect(isMessageKey(error.messageKey), name).toBe(true);
      for (const dictionary of Object.values(messages)) expect(dictionary[error.messageKey], name).toBeTruthy();
    }
  });

  it('answers with a 4xx or 5xx HTTP status', () => {
    for (const [name, error] of entries) {
      expect(Number.isInteger(error.httpStatus), name).toBe(true);
      expect(error.httpStatus, name).toBeGreaterThanOrEqual(400);
      expect(error.httpStatus, name).toBeLessThan(600);
    }
  });

  it('keeps the HTTP-like envelope codes equal to their HTTP status', () => {
    for (const [name, error] of entries) {
      // 300 is the app family's forced-update code, not an HTTP redirect (decision 025).
      if (error.code < 1000 && name !== 'UPDATE_REQUIRED') expect(error.httpStatus, name).toBe(error.code);
    }
  });

  it("uses the app family's codes for a bad sign and a forced update (API-FAMILY.md §1.3)", () => {
    expect(ERRORS.BAD_SIGN).toEqual({ code: 409, httpStatus: 409, messageKey: 'error.badSign' });
    expect(ERRORS.UPDATE_REQUIRED).toEqual({ code: 300, httpStatus: 426, messageKey: 'error.updateRequired' });
    expect(ERRORS.SESSION_EXPIRED.code).toBe(401);
  });

  it('uses 1xxx for request checks, 2xxx-5xxx for the modules and 60xx for the back office, all with client-error or unavailable statuses', () => {
    for (const [name, error] of entries) {
      if (error.code < 1000) continue;
      // 409 only for a commit key reused with another request: the request is fine, its key is not.
      if (error.code < 2000) expect([400, 409], name).toContain(error.httpStatus);
      // Uploads (24xx) may also say 413 (too large) and 415 (not an image), as HTTP means them.
      else if (error.code >= 2400 && error.code < 2410) expect([400, 413, 415], name).toContain(error.httpStatus);
      // A bank statement too large or too long (decision 118) is 413, as an upload's is.
      else if (name === 'STATEMENT_TOO_LARGE' || name === 'STATEMENT_TOO_MANY_ROWS') expect(error.httpStatus, name).toBe(413);
      // An unknown order is 404 (another borrower's answers the same); a bank webhook without its key 401.
      else if (name === 'ORDER_NOT_FOUND') expect(error.httpStatus, name).toBe(404);
      else if (name === 'WEBHOOK_KEY_INVALID') expect(error.httpStatus, name).toBe(401);
      // The back office names operators, proposals, reviews, borrowers, collection cases, data requests and breaches by id: an unknown one (or what a borrower has not given) is 404.
      else if (name === 'OPERATOR_NOT_FOUND' || name === 'PROPOSAL_NOT_FOUND' || name === 'REVIEW_NOT_FOUND' || name === 'BORROWER_NOT_FOUND' || name === 'REVEAL_NOTHING' || name === 'COLLECTION_CASE_NOT_FOUND' || name === 'DATA_REQUEST_NOT_FOUND' || name === 'BREACH_NOT_FOUND') expect(error.httpStatus, name).toBe(404);
      // 403 where the caller names someone else's account or phone, or an operator lacks the permission.
      else expect([400, 403, 409, 429, 503], name).toContain(error.httpStatus);
    }
  });

  it('maps the §8 statuses to their texts', () => {
    expect(ERRORS.SESSION_EXPIRED).toMatchObject({ code: 401, httpStatus: 401, messageKey: 'error.sessionExpired' });
    expect(ERRORS.ACCESS_DENIED).toMatchObject({ code: 403, httpStatus: 403, messageKey: 'error.accessDenied' });
    expect(ERRORS.NOT_FOUND).toMatchObject({ httpStatus: 404, messageKey: 'error.notFound' });
    expect(ERRORS.SERVER_ERROR).toMatchObject({ httpStatus: 500, messageKey: 'error.server' });
  });

  it('throttles with 429 and reports a failing SMS provider as 503', () => {
    expect(ERRORS.TOO_MANY_REQUESTS.httpStatus).toBe(429);
    expect(ERRORS.OTP_TOO_SOON.httpStatus).toBe(429);
    expect(ERRORS.OTP_SEND_LIMIT.httpStatus).toBe(429);
    expect(ERRORS.SMS_UNAVAILABLE.httpStatus).toBe(503);
  });

  it('uses one message for unknown phone and wrong password', () => {
    expect(ERRORS.LOGIN_FAILED.messageKey).toBe('error.loginFailed');
  });
});
