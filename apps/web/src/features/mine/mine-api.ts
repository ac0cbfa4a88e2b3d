import { FEEDBACK_IMAGE_PARTS, type CommonIndex, type ConsentRecord, type FeedbackItem, type FeedbackReceipt, type HomeIndex } from '@sen/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../shared/query/query-client.ts';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import type { RequestOptions } from '../../shared/request/request.ts';
import { endpoints } from '../../shared/request/endpoints.ts';

/** Query keys of the mine area. */
export const mineQueryKeys = {
  feedbackList: ['mine', 'feedback'] as const,
  consentHistory: ['mine', 'consents'] as const,
};

/** Support contacts and the company's facts (common/index; the same query as the visitor home). */
export function useCompanyAndContacts() {
  return useQuery<CommonIndex>({
    queryKey: queryKeys.commonIndex,
    queryFn: () => callEndpoint(endpoints.commonIndex, {}),
    staleTime: 5 * 60_000,
  });
}

export function useMyFeedback() {
  return useQuery<FeedbackItem[]>({
    queryKey: mineQueryKeys.feedbackList,
    queryFn: () => callEndpoint(endpoints.feedbackList, {}),
  });
}

export function useConsentHistory() {
  return useQuery<ConsentRecord[]>({
    queryKey: mineQueryKeys.consentHistory,
    queryFn: () => callEndpoint(endpoints.consentHistory, {}),
  });
}

/** feedback/submit (multipart): the text and up to three pictures as parts image1..image3. */
export function submitFeedback(content: string, images: File[], options?: RequestOptions): Promise<FeedbackReceipt> {
  const pictures: Partial<Record<(typeof FEEDBACK_IMAGE_PARTS)[number], Blob>> = {};
  images.forEach((image, index) => {
    const name = FEEDBACK_IMAGE_PARTS[index];
    if (name) pictures[name] = image;
  });
  return callEndpoint(endpoints.feedbackSubmit, { content, ...pictures }, options);
}

export function closeAccount(input: { rid: number | undefined; reason: number; remark?: string }, options?: RequestOptions) {
  return callEndpoint(endpoints.deleteUser, input, options);
}

export function fetchDataExport(options?: RequestOptions) {
  return callEndpoint(endpoints.dataExport, {}, options);
}

/**
 * The signed-in home (index/v3), for the credit summary: the same cache entry as the home's
 * (['home-index', userId]), so opening Mine after Home makes no second call.
 */
export function useCreditSummary(userId: number | undefined) {
  return useQuery<HomeIndex>({
    queryKey: ['home-index', userId ?? 0],
    queryFn: () => callEndpoint(endpoints.homeIndex, {}, { skipErrorHandler: true }),
    enabled: userId !== undefined,
    staleTime: 30_000,
  });
}
