import { ADMIN_PATHS, API_PATHS, type CollectionCase } from '@sen/contract';
import { devices, type APIRequestContext, type Browser } from '@playwright/test';
import { expect, type Page } from '../fixtures.ts';
import { acceptAndSubmit, applyFor, approvedBorrower, payOut } from '../loan-support.ts';
import { useLanguage } from '../support.ts';
import { acceptInvitation, useAdminLanguage } from './admin-support.ts';

/*
 * Collections journeys and gallery (decisions 098, 099): a borrower (in a phone-sized page of the
 * borrower app) borrows 'Sen Nhanh' (30 days, one instalment) and it is paid out; the loans' clock
 * moves 35 days and to 10:00 Vietnam time (the governor's hours hold whatever the real time), and the
 * collections job opens the case.
 */

const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } };

/** Moves the server's loan business clock (development); the loan jobs run. */
export async function moveBusinessClock(request: APIRequestContext, change: { days?: number; toVietnamHour?: number; reset?: boolean }): Promise<void> {
  const response = await request.post(API_PATHS.devClock, { data: change });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Runs the collections job now: cases opened, moved, closed and assigned; promises decided; dunning sent. */
export async function runCollections(request: APIRequestContext): Promise<void> {
  const response = await request.post(API_PATHS.devRunLoanJobs, { data: { only: 'collections' } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** An overdue loan and its case, found through the back office's API with `admin`'s session. */
export async function overdueCase(browser: Browser, baseURL: string, request: APIRequestContext, admin: Page): Promise<CollectionCase> {
  const context = await browser.newContext({ baseURL, ...PHONE });
  const borrowerPage = await context.newPage();
  await useLanguage(borrowerPage, 'en');
  const borrower = await approvedBorrower(borrowerPage, request);
  await applyFor(borrowerPage, 'Sen Nhanh');
  await acceptAndSubmit(borrowerPage);
  await payOut(request);
  await context.close();
  await moveBusinessClock(request, { days: 35, toVietnamHour: 10 });
  await runCollections(request);
  const headers = { 'x-sen-admin': '1' };
  const found = await admin.request.get(ADMIN_PATHS.borrowerSearch, { headers, params: { q: borrower.phone } });
  expect(found.ok(), await found.text()).toBe(true);
  const userId = ((await found.json()).data as { items: Array<{ userId: number }> }).items[0]!.userId;
  const cases = await admin.request.get(ADMIN_PATHS.collectionCases, { headers });
  const item = ((await cases.json()).data as { items: CollectionCase[] }).items.find((candidate) => candidate.userId === userId);
  expect(item, 'the collections job opened a case for the overdue loan').toBeDefined();
  return item!;
}

/** A collector invited with `admin`'s session, signed in in a page of their own. */
export async function signedInCollector(browser: Browser, baseURL: string, admin: Page, name: string): Promise<{ page: Page; id: number }> {
  const invited = await admin.request.post(ADMIN_PATHS.operatorInvite, { headers: { 'x-sen-admin': '1' }, data: { email: `collector-${Date.now()}@sen.local`, name, role: 'collector' } });
  expect(invited.ok(), await invited.text()).toBe(true);
  const { enrolmentLink, operator } = (await invited.json()).data as { enrolmentLink: string; operator: { id: number } };
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await useAdminLanguage(page, 'en');
  const link = new URL(enrolmentLink, baseURL);
  await acceptInvitation(page, link.pathname + link.search, 'collector passphrase of some length');
  return { page, id: operator.id };
}
