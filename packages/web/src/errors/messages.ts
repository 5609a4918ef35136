/** Texts of the error screens, exactly. */
export const NOT_FOUND_TEXT =
  'Oops, looks like this page mutated! Try going back to the Statistics homepage or double-checking the URL.';
export const DATA_ERROR_HEADING = 'Oops! Something Went Wrong';
export const DATA_ERROR_PREFIX = 'Error loading data:';
export const FALLBACK_TEXT = 'Something went wrong.';
export const ROUTER_ERROR_HEADING = 'Unexpected Application Error!';
/** The button of the data error screen that fetches the failed data anew (ours, not the seed's). */
export const RETRY_LABEL = 'Try again';
export const RETRYING_LABEL = 'Trying again…';

/** An unknown path, chart key, or a chart under the wrong category. */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
  constructor(readonly pathname: string) {
    super(`No page at ${pathname}`);
  }
}
