/** Texts of the error screens, word for word those of the existing app, which visitors know. */
export const NOT_FOUND_TEXT =
  'Oops, looks like this page mutated! Try going back to the Statistics homepage or double-checking the URL.';
export const DATA_ERROR_HEADING = 'Oops! Something Went Wrong';
export const DATA_ERROR_PREFIX = 'Error loading data:';
export const FALLBACK_TEXT = 'Something went wrong.';
export const ROUTER_ERROR_HEADING = 'Unexpected Application Error!';
/** The button of the data error screen that fetches the failed data anew (the existing app has none). */
export const RETRY_LABEL = 'Try again';
export const RETRYING_LABEL = 'Trying again…';

/** An unknown path, chart key, or a chart under the wrong kind. */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
  constructor(readonly pathname: string) {
    super(`No page at ${pathname}`);
  }
}
