import { type Activity, type CommonIndex, type HomeIndex } from '@sen/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import type { Banner } from '../../shared/ui/banner-carousel.tsx';
import { endpoints } from '../../shared/request/endpoints.ts';
import { homeKeys } from './home-keys.ts';

/** The visitor home's figures and the support contacts (common/index), from the server's configuration. */
export function useCommonIndex() {
  return useQuery<CommonIndex>({
    queryKey: homeKeys.commonIndex(),
    queryFn: () => callEndpoint(endpoints.commonIndex, {}),
    staleTime: 5 * 60_000,
  });
}

/** The banners of the home carousel (activity/list) as the carousel shows them; empty while loading or when there are none. */
export function useHomeBanners(): Banner[] {
  const activities = useQuery<Activity[]>({
    queryKey: homeKeys.activities(),
    queryFn: () => callEndpoint(endpoints.activityList, {}, { skipErrorHandler: true }),
    staleTime: 5 * 60_000,
  });
  return (activities.data ?? []).map((activity) => ({
    id: activity.id,
    name: activity.summary || activity.name,
    imageUrl: activity.activityPicUrl,
    href: activity.activityH5Url || undefined,
  }));
}

/** The signed-in home (index/v3): credit status, limit and product cards, per user. */
export function useHomeIndex(userId: number | string) {
  return useQuery<HomeIndex>({
    queryKey: homeKeys.index(userId),
    queryFn: () => callEndpoint(endpoints.homeIndex, {}),
    staleTime: 0,
  });
}
