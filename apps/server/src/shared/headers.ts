import { HEADERS, MOBILE_TYPE } from '@sen/contract';
import type { FastifyRequest } from 'fastify';

/** A request header as one trimmed string (the first when repeated); undefined when absent or blank. */
export function headerValue(request: Pick<FastifyRequest, 'headers'>, name: string): string | undefined {
  const value = request.headers[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : undefined;
}

/** The device-id header, when it looks like one (a UUID or similar short token). */
export function deviceIdOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const text = headerValue(request, HEADERS.deviceId);
  return text && /^[\w-]{1,64}$/.test(text) ? text : null;
}

/** The mobileType of the call's default params (Android when the call had none). */
export function defaultMobileType(request: Pick<FastifyRequest, 'defaultParams'>): number {
  return request.defaultParams?.mobileType ?? MOBILE_TYPE.ANDROID;
}
