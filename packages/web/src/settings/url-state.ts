import { isColorSchemeName, type ColorSchemeName } from './colors.ts';
import type { ChartScale } from './settings-state.ts';

/** Query parameters of the shareable settings; the defaults are left out of the URL. */
const SCALE_PARAM = 'scale';
const SCHEME_PARAM = 'scheme';

export function readScale(params: URLSearchParams): ChartScale {
  return params.get(SCALE_PARAM) === 'log' ? 'log' : 'linear';
}

export function withScale(params: URLSearchParams, scale: ChartScale): URLSearchParams {
  const next = new URLSearchParams(params);
  if (scale === 'linear') next.delete(SCALE_PARAM);
  else next.set(SCALE_PARAM, scale);
  return next;
}

/** The scheme a URL names, or undefined when it names none or an unknown one. */
export function readScheme(params: URLSearchParams): ColorSchemeName | undefined {
  const value = params.get(SCHEME_PARAM);
  return isColorSchemeName(value) ? value : undefined;
}

export function withScheme(params: URLSearchParams, schemeName: ColorSchemeName): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(SCHEME_PARAM, schemeName);
  return next;
}
