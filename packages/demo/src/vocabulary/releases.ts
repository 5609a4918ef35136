/**
 * Releases per year and method shares, calibrated on the archive's published yearly figures
 * ("Entries released per year, by method class" and the April 2026 RCSB summary).
 */

export const EXPERIMENTAL_METHODS = [
  'X-ray',
  'EM',
  'NMR',
  'Multiple methods',
  'Neutron',
  'Other',
  'Integrative',
] as const;
export type ExperimentalMethod = (typeof EXPERIMENTAL_METHODS)[number];

/** First public release of the archive. */
export const FIRST_RELEASE = '1976-05-19';

/** [year, released, diffraction, NMR, EM, other] — the archive's published table (2021 to 4 August). */
const BY_YEAR: ReadonlyArray<readonly [number, number, number, number, number, number]> = [
  [1976, 13, 13, 0, 0, 0],
  [1977, 23, 23, 0, 0, 0],
  [1978, 6, 6, 0, 0, 0],
  [1979, 11, 11, 0, 0, 0],
  [1980, 16, 7, 0, 0, 9],
  [1981, 16, 16, 0, 0, 0],
  [1982, 32, 32, 0, 0, 0],
  [1983, 36, 36, 0, 0, 0],
  [1984, 22, 22, 0, 0, 0],
  [1985, 20, 20, 0, 0, 0],
  [1986, 18, 18, 0, 0, 0],
  [1987, 25, 25, 0, 0, 0],
  [1988, 53, 52, 0, 0, 1],
  [1989, 74, 71, 2, 0, 1],
  [1990, 142, 135, 7, 0, 0],
  [1991, 187, 162, 23, 0, 2],
  [1992, 192, 181, 11, 0, 0],
  [1993, 696, 622, 74, 0, 0],
  [1994, 1289, 1057, 222, 0, 10],
  [1995, 941, 748, 190, 0, 3],
  [1996, 1172, 979, 188, 0, 5],
  [1997, 1565, 1234, 329, 1, 1],
  [1998, 2056, 1722, 331, 0, 3],
  [1999, 2356, 1960, 390, 1, 5],
  [2000, 2627, 2234, 371, 11, 11],
  [2001, 2814, 2378, 414, 9, 13],
  [2002, 2994, 2525, 441, 24, 4],
  [2003, 4147, 3586, 531, 29, 1],
  [2004, 5149, 4394, 729, 12, 14],
  [2005, 5334, 4426, 874, 23, 11],
  [2006, 6407, 5508, 861, 26, 12],
  [2007, 7134, 6141, 965, 19, 9],
  [2008, 6903, 6198, 653, 41, 11],
  [2009, 7290, 6664, 567, 40, 19],
  [2010, 7747, 7166, 519, 53, 9],
  [2011, 7929, 7346, 523, 53, 7],
  [2012, 8761, 8153, 537, 65, 6],
  [2013, 9341, 8712, 505, 115, 9],
  [2014, 9566, 8823, 550, 185, 8],
  [2015, 9257, 8602, 433, 214, 8],
  [2016, 10818, 9947, 454, 405, 12],
  [2017, 11068, 10099, 415, 554, 0],
  [2018, 11173, 9930, 397, 846, 0],
  [2019, 11504, 9697, 385, 1422, 0],
  [2020, 14030, 11274, 386, 2370, 0],
  [2021, 7999, 6154, 226, 1619, 0],
];

/**
 * Whole-year releases after the table: 2021 scaled from its 216 days; 2022-2025 from the RCSB
 * year-end totals; 2026 from the mid-2026 weekly rate; later years grow a little.
 */
const LATER_YEARS: Record<number, number> = {
  2021: 13_517,
  2022: 14_292,
  2023: 14_318,
  2024: 15_443,
  2025: 17_723,
  2026: 17_800,
};

export function releasesInYear(year: number): number {
  const later = LATER_YEARS[year];
  if (later !== undefined) return later;
  const row = BY_YEAR.find(([y]) => y === year);
  if (row) return row[1];
  if (year > 2026) return Math.round(17_800 * 1.03 ** (year - 2026));
  return 0;
}

/** Share of each method among entries released in a year. */
export function methodShares(year: number): Record<ExperimentalMethod, number> {
  const row = BY_YEAR.find(([y]) => y === year);
  if (row && year < 2021) {
    const [, , diffraction, nmr, em, other] = row;
    const total = diffraction + nmr + em + other;
    // Neutron and joint refinements are carved out of diffraction once they exist (1990s on).
    const neutron = year >= 1990 ? 0.0004 : 0;
    const multiple = year >= 1995 ? 0.0008 : 0;
    const xray = diffraction / total - neutron - multiple;
    return {
      'X-ray': xray,
      EM: em / total,
      NMR: nmr / total,
      'Multiple methods': multiple + (0.8 * other) / total,
      Neutron: neutron,
      Other: (0.2 * other) / total,
      Integrative: 0,
    };
  }
  // After the table: EM share of releases rises toward the ~30-40 % of recent depositions.
  const em = { 2021: 0.2, 2022: 0.28, 2023: 0.32, 2024: 0.34, 2025: 0.36 }[year] ?? 0.38;
  const nmr = { 2021: 0.028, 2022: 0.024, 2023: 0.022, 2024: 0.02, 2025: 0.019 }[year] ?? 0.018;
  // Integrative structures joined the PDB with the PDB-IHM merger (389 by April 2026).
  const integrative = year < 2023 ? 0 : year === 2023 ? 0.003 : year === 2024 ? 0.008 : 0.009;
  const multiple = 0.001;
  const neutron = 0.0004;
  const other = 0.00012;
  return {
    'X-ray': 1 - em - nmr - integrative - multiple - neutron - other,
    EM: em,
    NMR: nmr,
    'Multiple methods': multiple,
    Neutron: neutron,
    Other: other,
    Integrative: integrative,
  };
}
