import { BORROWER_ERRORS, type AgreementContent, type BatchCommitResult, type CommittedOrder, type LoanPage, type OrderSignCode, type ProductInfoDetail } from '@sen/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import { endpoints } from '../../shared/request/endpoints.ts';
import { isRequestError } from '../../shared/request/request-error.ts';
import { homeKeys } from '../home/index.ts';
import { orderKeys } from '../orders/index.ts';
import { borrowKeys } from './borrow-keys.ts';

/** The quote of one product for an amount (productInfo/detail): every plan with its schedule and full cost. */
export function useProductQuote(productId: number, amount: number) {
  return useQuery<ProductInfoDetail>({
    queryKey: borrowKeys.quote(productId, amount),
    queryFn: () => callEndpoint(endpoints.productInfoDetail, { productId, amount }, { skipErrorHandler: true }),
    enabled: productId > 0 && amount > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * 'Borrow from all' (index/loan/page): the applicable products in detail form, each with its share
 * of the total asked (withdraw with an amount choice), or of all the credit (null).
 */
export function useLoanPage(enabled: boolean, amount: number | null = null) {
  return useQuery<LoanPage>({
    queryKey: borrowKeys.loanPageFor(amount),
    queryFn: () => callEndpoint(endpoints.loanPage, amount === null ? {} : { amount }, { skipErrorHandler: true }),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export interface AgreementQuery {
  document: 'lease' | 'pawn';
  productIds: number[];
  amount?: number;
  planNums?: number;
  orderId?: number;
}

/** An agreement filled with the borrower's figures, in the current language. */
export function useAgreement(query: AgreementQuery | null, language: string) {
  return useQuery<AgreementContent>({
    queryKey: borrowKeys.agreement(query, language),
    queryFn: () =>
      callEndpoint(
        endpoints.agreementContent,
        {
          document: query!.document,
          productId: query!.productIds.join(','),
          ...(query!.amount !== undefined ? { amount: query!.amount } : {}),
          ...(query!.planNums !== undefined ? { planNums: query!.planNums } : {}),
          ...(query!.orderId !== undefined ? { orderId: query!.orderId } : {}),
        },
        { skipErrorHandler: true },
      ),
    enabled: query !== null,
    staleTime: 60_000,
  });
}

/** The application a signing code is for: exactly the products, amount and plan the commit will send (decision 112). */
export interface SigningApplication {
  productIds: number[];
  amount: number;
  planNums?: number;
  /** A batch's plan per product, as the batch commit sends them (the code signs them too). */
  plans?: Record<number, number | undefined>;
}

/** A batch's plans as its commit and its code send them: JSON text {"7":3,"9":null} (null: the product's default). */
function installmentMap(productIds: readonly number[], plans: Record<number, number | undefined>): string {
  return JSON.stringify(Object.fromEntries(productIds.map((id) => [id, plans[id] ?? null])));
}

/** Sends the code that signs this application's agreements to the borrower's phone (order/sign/code). */
export function sendSigningCode(application: SigningApplication): Promise<OrderSignCode> {
  return callEndpoint(
    endpoints.orderSignCode,
    {
      productIds: application.productIds.join(','),
      amount: application.amount,
      ...(application.planNums !== undefined ? { planNums: application.planNums } : {}),
      ...(application.plans ? { productInstallmentMap: installmentMap(application.productIds, application.plans) } : {}),
    },
    { skipErrorHandler: true },
  );
}

/** What both commits send beside their own fields (API-FAMILY.md §6.2). */
export interface CommitCommon {
  auditKey: string;
  agreementVersion: string | undefined;
  payWay: 'CARD' | 'WALLET';
  accountId: number | null;
  eventLog: string;
  signature: Blob | null;
  /** The code sent by SMS that signs the agreements (decision 112). */
  signCode?: string;
}

/** The text parts and files both commits share (the endpoints' common parts). */
function commonParts(common: CommitCommon) {
  return {
    auditKey: common.auditKey,
    ...(common.agreementVersion ? { agreementVersion: common.agreementVersion } : {}),
    payWay: common.payWay,
    ...(common.accountId !== null ? (common.payWay === 'WALLET' ? { userCashWalletId: String(common.accountId) } : { bankInfoId: String(common.accountId) }) : {}),
    eventFile: new Blob([common.eventLog], { type: 'text/plain' }),
    ...(common.signature ? { signPic: common.signature } : {}),
    ...(common.signCode ? { signCode: common.signCode } : {}),
  };
}

/** What a commit sends beside its own fields and the key the mutation adds. */
export type CommitDetails = Omit<CommitCommon, 'auditKey'>;

export interface SingleCommit {
  productId: number;
  amount: number;
  planNums: number;
  loanTermId: number;
}

export interface BatchCommit {
  productIds: number[];
  planNums: Record<number, number>;
  amount: number;
}

/** order/commit/with/event (multipart). */
export function commitOrder(input: SingleCommit, common: CommitCommon): Promise<CommittedOrder> {
  return callEndpoint(
    endpoints.orderCommit,
    { productId: String(input.productId), amount: String(input.amount), planNums: String(input.planNums), loanTermId: String(input.loanTermId), ...commonParts(common) },
    { skipErrorHandler: true, headers: { 'idempotency-key': common.auditKey } },
  );
}

/** order/commit/all/with/event (multipart): one result per product. */
export function commitBatch(input: BatchCommit, common: CommitCommon): Promise<BatchCommitResult[]> {
  return callEndpoint(
    endpoints.orderCommitAll,
    {
      productIds: input.productIds.join(','),
      productLoanTermIdMap: JSON.stringify(Object.fromEntries(input.productIds.map((id) => [id, id]))),
      productInstallmentMap: installmentMap(input.productIds, input.planNums),
      amount: String(input.amount),
      ...commonParts(common),
    },
    { skipErrorHandler: true, headers: { 'idempotency-key': common.auditKey } },
  );
}

/**
 * What a commit changes, invalidated by key: the orders, every user's signed-in home (the credit
 * limit, the products and their quotas; Mine's credit summary reads the same entry), and this
 * feature's quotes and 'borrow from all' page (they carry the limit left). Marked stale only
 * (`refetchType: 'none'`): the application is being left for the result page, so its own quote
 * is not asked again; each query refetches when a screen shows it.
 */
function invalidateAfterCommit(client: QueryClient): void {
  for (const queryKey of [orderKeys.all, homeKeys.indexes(), borrowKeys.quotes(), borrowKeys.loanPage()]) {
    void client.invalidateQueries({ queryKey, refetchType: 'none' });
  }
}

/**
 * A commit as a mutation with its idempotency key. The key is made once per mounted application
 * (as the page made it before): a second tap, or a retry after an answer that never came, sends
 * the same auditKey and Idempotency-Key, so the server makes at most one order (docs/decisions/086).
 * A refusal for an outdated agreement invalidates the agreements and quotes to read again; any other
 * outcome, a failure included (the request may have been carried out), invalidates what a commit changes.
 */
function useCommit<Input, Result>(send: (input: Input, common: CommitCommon) => Promise<Result>) {
  const client = useQueryClient();
  const [auditKey] = useState(() => crypto.randomUUID());
  return useMutation({
    mutationFn: ({ input, details }: { input: Input; details: CommitDetails }) => send(input, { ...details, auditKey }),
    onSuccess: () => invalidateAfterCommit(client),
    onError: (error) => {
      if (isRequestError(error) && error.code === BORROWER_ERRORS.AGREEMENT_OUTDATED.code) {
        void client.invalidateQueries({ queryKey: borrowKeys.agreements() });
        void client.invalidateQueries({ queryKey: borrowKeys.quotes() });
        return;
      }
      invalidateAfterCommit(client);
    },
  });
}

/** Borrowing from one product (order/commit/with/event). */
export function useCommitOrder() {
  return useCommit(commitOrder);
}

/** 'Borrow from all' (order/commit/all/with/event): one result per product. */
export function useCommitBatch() {
  return useCommit(commitBatch);
}
