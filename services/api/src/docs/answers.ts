import { errorCatalogue, roleTable, type ErrorCode } from '@conversa/contracts';
import type { RegisteredRoute } from '../app';
import { areaAction } from '../http/auth';
import type { RouteSecurity } from '../http/contract';

type Route = Pick<RegisteredRoute, 'method' | 'url' | 'auth' | 'contract'>;

/** The credential a route asks: its contract's, else the access token unless the route is public. */
export const securityOf = (route: Route): RouteSecurity => route.contract?.security ?? (route.auth === 'public' ? 'none' : 'accessToken');

/**
 * Whether a request may carry a body fastify reads: any method but GET and HEAD, whether or not the route
 * uses one, so a body over the limit (413) or of a content type no parser reads (415) is answered there too.
 */
const takesBody = (route: Route): boolean => route.method !== 'GET' && route.method !== 'HEAD';

/** Codes every route with a body may answer: a body over the limit, a content type no parser reads. */
const BODY_ERRORS: ErrorCode[] = ['ERR_PAYLOAD_TOO_LARGE'];
/** What the media store and the form parser refuse in any upload. */
const UPLOAD_ERRORS: ErrorCode[] = ['ERR_MULTIPART_INVALID', 'ERR_MEDIA_TOO_LARGE', 'ERR_MEDIA_TYPE_NOT_ALLOWED'];

/** The error codes a route may answer: validation, its credential's and auth rule's, and the codes it declares. */
export function errorCodesOf(route: Route): ErrorCode[] {
  const codes = new Set<string>(['ERR_VALIDATION']);
  const auth = route.auth;
  const security = securityOf(route);
  if (security === 'accessToken' && auth !== 'public') {
    for (const code of ['ERR_UNAUTHENTICATED', 'ERR_INVALID_TOKEN', 'ERR_SESSION_EXPIRED']) codes.add(code);
    if (!auth?.allowExpired) codes.add('ERR_SUBSCRIPTION_EXPIRED');
    if ((auth?.area && roleTable[auth.area][areaAction(auth, route.method)] !== 'everyone') || auth?.permission) codes.add('ERR_NO_PERMISSION');
    if (auth?.plan) codes.add('ERR_PLAN_FEATURE_DISABLED');
  }
  if (security === 'refreshCookie') codes.add('ERR_SESSION_EXPIRED');
  if (takesBody(route)) for (const code of BODY_ERRORS) codes.add(code);
  if (route.contract?.multipart) for (const code of UPLOAD_ERRORS) codes.add(code);
  for (const code of route.contract?.errors ?? []) codes.add(code);
  return [...codes].filter((code): code is ErrorCode => code in errorCatalogue);
}

/** The error answers by status, each with the codes it may carry; 415 (a content type no parser reads) beside a body. */
export function errorStatusesOf(route: Route): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(route)) {
    const { status } = errorCatalogue[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  if (takesBody(route)) byStatus.set(415, [...new Set([...(byStatus.get(415) ?? []), 'ERR_VALIDATION' as const])]);
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** The success statuses a route gives: its declared one (200 unless said) and any others it names. */
export const successStatusesOf = (route: Route): number[] => [route.contract?.status ?? 200, ...(route.contract?.alsoStatus ?? [])];

/** Whether a route's success is described: a JSON schema, another media type, or no content (204). */
export const describesSuccess = (route: Route): boolean =>
  Boolean(route.contract?.response || route.contract?.produces) || successStatusesOf(route).every((status) => status === 204);
