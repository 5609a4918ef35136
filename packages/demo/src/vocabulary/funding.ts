/**
 * Countries of funding organisations (`pdbx_audit_support.country`), spelt as the PDBx dictionary
 * enumerates them, with a rough share of the grants an entry acknowledges. The United States
 * dominates, then China, Japan, Germany, the United Kingdom and France, and a long tail; China's
 * share grows with the years. 'European Union' is a funder of its own and no country on a map.
 */
export interface FundingCountry {
  name: string;
  /** Share of grants in 2017 (relative). */
  weight: number;
  /** Relative growth of the share per year after 2017 (0.1 = 10 % a year). */
  growth?: number;
}

const c = (name: string, weight: number, growth?: number): FundingCountry => ({
  name,
  weight,
  ...(growth !== undefined && { growth }),
});

export const FUNDING_COUNTRIES: readonly FundingCountry[] = [
  c('United States', 440, -0.02),
  c('China', 90, 0.14),
  c('Japan', 80),
  c('Germany', 75),
  c('United Kingdom', 70),
  c('France', 40),
  c('European Union', 30),
  c('Switzerland', 25),
  c('Canada', 25),
  c('Korea, Republic Of', 20, 0.04),
  c('Australia', 18),
  c('Spain', 14),
  c('Sweden', 12),
  c('Italy', 11),
  c('Netherlands', 10),
  c('Denmark', 8),
  c('India', 8, 0.08),
  c('Poland', 7),
  c('Czech Republic', 6),
  c('Israel', 6),
  c('Austria', 5),
  c('Taiwan', 5),
  c('Singapore', 4),
  c('Brazil', 4),
  c('Belgium', 4),
  c('Finland', 3),
  c('Norway', 3),
  c('Russian Federation', 3),
  c('Portugal', 3),
  c('Hong Kong', 2),
  c('Ireland', 2),
  c('Hungary', 1.5),
  c('Saudi Arabia', 1.5),
  c('New Zealand', 1.5),
  c('Argentina', 1),
  c('Mexico', 1),
  c('South Africa', 1),
  c('Thailand', 0.8),
  c('Chile', 0.6),
  c('Slovenia', 0.6),
  c('Greece', 0.5),
  c('Croatia', 0.4),
  c('Lithuania', 0.4),
  c('Estonia', 0.3),
  c('Turkey', 0.3),
  c('Egypt', 0.2),
  c('Malaysia', 0.2),
  c('Uruguay', 0.15),
  c('Iran, Islamic Republic Of', 0.15),
  c('Colombia', 0.1),
  c('Pakistan', 0.1),
  c('Kenya', 0.05),
];

/**
 * Share of entries released in a year that acknowledge funding at all: the record exists since mid
 * 2016 (a few earlier entries gained one in a revision), and many recent entries still have none.
 */
export function fundedShare(year: number): number {
  if (year < 2014) return 0.004;
  if (year < 2016) return 0.03;
  if (year === 2016) return 0.35;
  if (year === 2017) return 0.62;
  return 0.74;
}
