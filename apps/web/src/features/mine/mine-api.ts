import { FEEDBACK_IMAGE_PARTS, type ConsentPurpose, type ConsentRecord, type FileDataRequest, type MyDataRights, type FeedbackItem, type FeedbackReceipt, type HomeIndex } from '@sen/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import type { RequestOptions } from '../../shared/request/request.ts';
import { endpoints } from '../../shared/request/endpoints.ts';
import { homeKeys, useCommonIndex } from '../home/index.ts';
import { mineKeys } from './mine-keys.ts';

/** Support contacts and the company's facts: common/index, the visitor home's query. */
export const useCompanyAndContacts = useCommonIndex;

export function useMyFeedback() {
  return useQuery<FeedbackItem[]>({
    queryKey: mineKeys.feedback(),
    queryFn: () => callEndpoint(endpoints.feedbackList, {}),
  });
}

export function useConsentHistory() {
  return useQuery<ConsentRecord[]>({
    queryKey: mineKeys.consents(),
    queryFn: () => callEndpoint(endpoints.consentHistory, {}),
  });
}

/** The borrower's data-subject requests and withdrawn consents (decision 116). */
export function useMyDataRights() {
  return useQuery<MyDataRights>({
    queryKey: mineKeys.dataRights(),
    queryFn: () => callEndpoint(endpoints.dataRightsList, {}, { skipErrorHandler: true }),
  });
}

/** Files a request; the list is fetched again. Refusals (one open per kind) are shown by the form, not as a toast. */
export function useFileDataRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FileDataRequest) => callEndpoint(endpoints.dataRightsFile, input, { skipErrorHandler: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: mineKeys.dataRights() }),
  });
}

/** Gives a withdrawn consent again; the list is fetched again. */
export function useRestoreConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (consent: ConsentPurpose) => callEndpoint(endpoints.dataRightsRestoreConsent, { consent }, { skipErrorHandler: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: mineKeys.dataRights() }),
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
 * (homeKeys.index), so opening Mine after Home makes no second call.
 */
export function useCreditSummary(userId: number | undefined) {
  return useQuery<HomeIndex>({
    queryKey: homeKeys.index(userId ?? 0),
    queryFn: () => callEndpoint(endpoints.homeIndex, {}, { skipErrorHandler: true }),
    enabled: userId !== undefined,
    staleTime: 30_000,
  });
}
