import { adminEndpoints } from '@sen/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../shared/request/call-admin.ts';

export const productKeys = { all: ['admin', 'products'] as const };

/** Every product, the legal rate cap and the history of approved versions. */
export function useProducts() {
  return useQuery({ queryKey: productKeys.all, queryFn: ({ signal }) => callAdmin(adminEndpoints.products, {}, { signal }) });
}
