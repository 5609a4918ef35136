import { describe, expect, it } from 'vitest';
import { embedPath, embedSnippet, fullPagePath } from './share.ts';

describe('share addresses', () => {
  it('puts a chart page under /embed with its whole query string, and back', () => {
    const search = '?view=annual&hide=X-RAY&scale=log';
    expect(embedPath('/growth/experimental-method', search)).toBe(
      '/embed/growth/experimental-method?view=annual&hide=X-RAY&scale=log',
    );
    expect(fullPagePath('/embed/growth/experimental-method', search)).toBe(
      '/growth/experimental-method?view=annual&hide=X-RAY&scale=log',
    );
  });

  it('writes the chart page’s query string one way, whichever way the address wrote it', () => {
    const spaced = (space: string) => `?hide=X-RAY${space}DIFFRACTION&query=%7B%22a%22%3A1%7D`;
    expect(fullPagePath('/distribution/resolution', spaced('%20'))).toBe(
      fullPagePath('/distribution/resolution', spaced('+')),
    );
    expect(fullPagePath('/embed/distribution/resolution', '')).toBe('/distribution/resolution');
  });

  it('writes an iframe whose attributes cannot be broken out of', () => {
    const snippet = embedSnippet('https://x.org/embed/distribution/resolution?a=1&b="2"', 'A <b> "title"');
    expect(snippet).toBe(
      '<iframe src="https://x.org/embed/distribution/resolution?a=1&amp;b=&quot;2&quot;" title="A &lt;b&gt; &quot;title&quot;" width="100%" height="600" style="border: 0; max-width: 100%;" loading="lazy"></iframe>',
    );
  });
});
