/**
 * How the pages name the search service they count with. A loopback address (localhost, 127.0.0.1,
 * [::1]) names the reader's own machine: the address the server was asked at from itself, which
 * means nothing to anyone else, so it is never shown; the service is then this site's own.
 */

const LOOPBACK_HOST =
  /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|\[::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|127(\.\d{1,3}){3})\])$/i;

/** Whether `url` names this machine (a loopback or unspecified address); false for what is no URL. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK_HOST.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The service's address as a reader may use it, or undefined when it is a loopback address. */
export function publicServiceAddress(searchApiUrl: string): string | undefined {
  return isLoopbackUrl(searchApiUrl) ? undefined : searchApiUrl;
}

/** "the search service at https://…", or "this site's search service" for a loopback address. */
export function serviceName(searchApiUrl: string): string {
  const address = publicServiceAddress(searchApiUrl);
  return address ? `the search service at ${address}` : 'this site’s search service';
}
