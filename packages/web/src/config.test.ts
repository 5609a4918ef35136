import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ARCHIVE_PAGES,
  DEFAULT_SEARCH_ADVANCED_URL,
  DEFAULT_SEARCH_API_URL,
  parseRootConfig,
} from './config.ts';

describe(parseRootConfig.name, () => {
  it('uses the defaults for a missing or empty attribute', () => {
    for (const text of [null, undefined, '', '{}']) {
      expect(parseRootConfig(text)).toEqual({
        ok: true,
        config: {
          basename: '/',
          sierraConfig: {
            searchApiUrl: DEFAULT_SEARCH_API_URL,
            searchAdvancedUrl: DEFAULT_SEARCH_ADVANCED_URL,
          },
          statsNotes: {},
          archivePages: DEFAULT_ARCHIVE_PAGES,
        },
      });
    }
  });

  it('merges a partial sierraConfig over the defaults and strips trailing slashes', () => {
    const result = parseRootConfig(
      '{"basename": "/stats/", "sierraConfig": {"searchApiUrl": "http://localhost:8080/"}}',
    );
    expect(result).toEqual({
      ok: true,
      config: {
        basename: '/stats',
        sierraConfig: {
          searchApiUrl: 'http://localhost:8080',
          searchAdvancedUrl: DEFAULT_SEARCH_ADVANCED_URL,
        },
        statsNotes: {},
        archivePages: DEFAULT_ARCHIVE_PAGES,
      },
    });
  });

  it('reports malformed JSON and wrong types instead of throwing', () => {
    expect(parseRootConfig('{"basename": ')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not valid JSON/),
    });
    expect(parseRootConfig('[1]')).toMatchObject({ ok: false, message: 'data-config must be a JSON object' });
    expect(parseRootConfig('{"basename": 3}')).toMatchObject({ ok: false });
    expect(parseRootConfig('{"sierraConfig": {"searchApiUrl": "javascript:alert(1)"}}')).toMatchObject({
      ok: false,
      message: 'data-config: "sierraConfig.searchApiUrl" must be an http(s) URL',
    });
    expect(parseRootConfig('{"statsNotes": {"resolution": 1}}')).toMatchObject({ ok: false });
    expect(parseRootConfig('{"archivePages": {"ligand": "ftp://x/"}}')).toMatchObject({
      ok: false,
      message: 'data-config: "archivePages.ligand" must be an http(s) URL',
    });
  });

  it('takes the base URLs of the archive pages that identifiers link to, over the defaults', () => {
    const result = parseRootConfig(
      '{"archivePages": {"structure": "https://www.ebi.ac.uk/pdbe/entry/pdb/"}}',
    );
    expect(result).toMatchObject({
      ok: true,
      config: {
        archivePages: {
          structure: 'https://www.ebi.ac.uk/pdbe/entry/pdb/',
          ligand: DEFAULT_ARCHIVE_PAGES.ligand,
        },
      },
    });
  });
});
