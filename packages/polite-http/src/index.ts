export {
  PoliteHttp,
  PoliteHttpError,
  type PoliteHttpOptions,
  type Verdict,
  retryAfterMs,
} from './polite-http.ts';
