import { type AgreementContent, type BatchCommitResult, type CommittedOrder, type LoanPage, type ProductInfoDetail } from '@sen/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import { endpoints } from '../../shared/request/endpoints.ts';
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

/** 'Borrow from all' (index/loan/page): the applicable products in detail form, each with its share. */
export function useLoanPage(enabled: boolean) {
  return useQuery<LoanPage>({
    queryKey: borrowKeys.loanPage(),
    queryFn: () => callEndpoint(endpoints.loanPage, {}, { skipErrorHandler: true }),
    enabled,
    staleTime: 0,
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

/** What both commits send beside their own fields (API-FAMILY.md §6.2). */
export interface CommitCommon {
  auditKey: string;
  agreementVersion: string | undefined;
  payWay: 'CARD' | 'WALLET';
  accountId: number | null;
  eventLog: string;
  signature: Blob | null;
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
  };
}

/** order/commit/with/event (multipart). */
export function commitOrder(input: { productId: number; amount: number; planNums: number; loanTermId: number }, common: CommitCommon): Promise<CommittedOrder> {
  return callEndpoint(
    endpoints.orderCommit,
    { productId: String(input.productId), amount: String(input.amount), planNums: String(input.planNums), loanTermId: String(input.loanTermId), ...commonParts(common) },
    { skipErrorHandler: true, headers: { 'idempotency-key': common.auditKey } },
  );
}

/** order/commit/all/with/event (multipart): one result per product. */
export function commitBatch(input: { productIds: number[]; planNums: Record<number, number>; amount: number }, common: CommitCommon): Promise<BatchCommitResult[]> {
  return callEndpoint(
    endpoints.orderCommitAll,
    {
      productIds: input.productIds.join(','),
      productLoanTermIdMap: JSON.stringify(Object.fromEntries(input.productIds.map((id) => [id, id]))),
      productInstallmentMap: JSON.stringify(Object.fromEntries(input.productIds.map((id) => [id, input.planNums[id] ?? null]))),
      amount: String(input.amount),
      ...commonParts(common),
    },
    { skipErrorHandler: true, headers: { 'idempotency-key': common.auditKey } },
  );
}
