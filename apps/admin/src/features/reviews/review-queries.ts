import { adminEndpoints, type EndpointInput } from '@sen/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../shared/request/call-admin.ts';

export type ReviewListStatus = 'pending' | 'decided';
export type DecideReviewInput = EndpointInput<typeof adminEndpoints.reviewDecide>;

export const reviewKeys = {
  all: ['admin', 'reviews'] as const,
  list: (status: ReviewListStatus) => ['admin', 'reviews', 'list', status] as const,
  detail: (reviewId: number) => ['admin', 'reviews', 'detail', reviewId] as const,
};

/** The queue: open cases (pending and asked) oldest first, or decided ones newest first, a page at a time. */
export function useReviewPages(status: ReviewListStatus) {
  return useInfiniteQuery({
    queryKey: reviewKeys.list(status),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callAdmin(adminEndpoints.reviews, { status, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** One case with the engine's inputs and the borrower's decisions. */
export function useReviewDetail(reviewId: number) {
  return useQuery({
    queryKey: reviewKeys.detail(reviewId),
    queryFn: ({ signal }) => callAdmin(adminEndpoints.reviewDetail, { reviewId }, { signal }),
    retry: false,
  });
}

/**
 * Approve, reject or ask: afterwards the queue, the case and the borrower's page (their credit
 * account and decisions changed) are fetched again.
 */
export function useDecideReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DecideReviewInput) => callAdmin(adminEndpoints.reviewDecide, input),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: reviewKeys.all }), client.invalidateQueries({ queryKey: ['admin', 'borrowers'] })]),
  });
}
