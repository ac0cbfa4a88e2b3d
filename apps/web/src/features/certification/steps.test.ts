import { AUTH_STATE, type AuthDetail } from '@sen/contract';
import { describe, expect, it } from 'vitest';
import { batchItems, itemStatus, nextBatchItem, STEP_ROUTES, stepsBeforeBorrowing } from './steps.ts';

const none: AuthDetail = { idState: '10', workInfoState: '10', bankCardState: '10', kycState: '10', telecomPermissionState: '10', userAuthState: '10' };
const done = (...states: (keyof AuthDetail)[]): AuthDetail => ({ ...none, ...Object.fromEntries(states.map((state) => [state, AUTH_STATE.DONE])) });

describe('the batch runner', () => {
  it('walks the configured steps in order and leaves BANK for the first loan', () => {
    expect(batchItems('KYC,ID,TELECOM,BANK')).toEqual(['KYC', 'ID', 'TELECOM']);
    expect(batchItems(' id , bank,telecom ')).toEqual(['ID', 'TELECOM']);
  });

  it('resumes where the borrower left off', () => {
    const config = 'KYC,ID,TELECOM,BANK';
    expect(nextBatchItem(config, none)).toBe('KYC');
    expect(nextBatchItem(config, done('kycState'))).toBe('ID');
    expect(nextBatchItem(config, done('kycState', 'idState'))).toBe('TELECOM');
    // Out of order (e.g. a family client did TELECOM first): the first missing step still comes first.
    expect(nextBatchItem(config, done('telecomPermissionState'))).toBe('KYC');
    expect(nextBatchItem(config, done('kycState', 'idState', 'telecomPermissionState'))).toBeNull();
    expect(nextBatchItem(config, null)).toBe('KYC');
  });

  it('routes each step to its page', () => {
    expect(STEP_ROUTES.ID).toBe('/authentication/batch/personal-data');
    expect(STEP_ROUTES.TELECOM).toBe('/authentication/batch/operator-information');
    expect(STEP_ROUTES.KYC).toBe('/authentication/batch/kyc');
    expect(STEP_ROUTES.WORK).toBe('/authentication/additional-information');
  });

  it('counts the steps before borrowing, the receiving account included', () => {
    expect(stepsBeforeBorrowing('KYC,ID,TELECOM,BANK', none)).toBe(4);
    expect(stepsBeforeBorrowing('KYC,ID,TELECOM,BANK', done('kycState', 'idState'))).toBe(2);
    expect(stepsBeforeBorrowing('ID,TELECOM', done('idState', 'telecomPermissionState'))).toBe(0);
  });

  it('locks a step until the ones before it are done, and BANK until the batch is', () => {
    const config = 'KYC,ID,TELECOM,BANK';
    expect(itemStatus(config, none, 'KYC')).toBe('todo');
    expect(itemStatus(config, none, 'ID')).toBe('locked');
    expect(itemStatus(config, done('kycState'), 'ID')).toBe('todo');
    expect(itemStatus(config, done('kycState'), 'BANK')).toBe('locked');
    expect(itemStatus(config, done('kycState', 'idState', 'telecomPermissionState'), 'BANK')).toBe('todo');
    expect(itemStatus(config, done('idState'), 'ID')).toBe('done');
  });
});
