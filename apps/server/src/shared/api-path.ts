/** The API's paths and the load balancer's probes (/health/live, /health/ready; decision 105). */
const API_PATH = /^\/(api|health)(\/|$)/;

/**
 * Whether a path (decoded, or a matched route pattern) belongs to the API or the probes: such a
 * path is never one of the apps' pages (an unknown one gets the 404 envelope, not index.html) and
 * its answers are never cached (a cached readiness answer would keep a dead instance in the
 * balancer). '/api', '/api/…', '/health', '/health/…'; not '/apiary' or '/healthy'.
 */
export function isApiPath(pathname: string): boolean {
  return API_PATH.test(pathname);
}

/**
 * The path of a request URL without its query, percent-decoded: '/%61pi/x' is '/api/x' (the same
 * path, RFC 3986). A path that is not valid percent-encoding is judged by its raw text.
 */
export function decodedPathname(url: string): string {
  const pathname = url.split('?')[0] || '/';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
