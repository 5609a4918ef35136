/**
 * Countries as the archive names them in country attributes (`pdbx_audit_support.country`: the
 * PDBx dictionary's spellings), with their ISO 3166-1 codes: alpha-3, and numeric, which is the id
 * Natural Earth's country shapes carry in world-atlas. A value without codes (the European Union,
 * a funder of its own) has no shape on a map and is listed in the table only.
 */
export interface Country {
  /** The value as the archive writes it. */
  name: string;
  /** ISO 3166-1 alpha-3. */
  iso3: string;
  /** ISO 3166-1 numeric, three digits, as a string (the map's feature id). */
  numeric: string;
}

const ROWS: readonly (readonly [name: string, iso3: string, numeric: string])[] = [
  ['Argentina', 'ARG', '032'],
  ['Australia', 'AUS', '036'],
  ['Austria', 'AUT', '040'],
  ['Belgium', 'BEL', '056'],
  ['Brazil', 'BRA', '076'],
  ['Canada', 'CAN', '124'],
  ['Chile', 'CHL', '152'],
  ['China', 'CHN', '156'],
  ['Colombia', 'COL', '170'],
  ['Croatia', 'HRV', '191'],
  ['Czech Republic', 'CZE', '203'],
  ['Denmark', 'DNK', '208'],
  ['Egypt', 'EGY', '818'],
  ['Estonia', 'EST', '233'],
  ['Finland', 'FIN', '246'],
  ['France', 'FRA', '250'],
  ['Germany', 'DEU', '276'],
  ['Greece', 'GRC', '300'],
  ['Hong Kong', 'HKG', '344'],
  ['Hungary', 'HUN', '348'],
  ['Iceland', 'ISL', '352'],
  ['India', 'IND', '356'],
  ['Indonesia', 'IDN', '360'],
  ['Iran, Islamic Republic Of', 'IRN', '364'],
  ['Ireland', 'IRL', '372'],
  ['Israel', 'ISR', '376'],
  ['Italy', 'ITA', '380'],
  ['Japan', 'JPN', '392'],
  ['Kenya', 'KEN', '404'],
  ['Korea, Republic Of', 'KOR', '410'],
  ['Latvia', 'LVA', '428'],
  ['Lithuania', 'LTU', '440'],
  ['Luxembourg', 'LUX', '442'],
  ['Malaysia', 'MYS', '458'],
  ['Mexico', 'MEX', '484'],
  ['Netherlands', 'NLD', '528'],
  ['New Zealand', 'NZL', '554'],
  ['Nigeria', 'NGA', '566'],
  ['Norway', 'NOR', '578'],
  ['Pakistan', 'PAK', '586'],
  ['Poland', 'POL', '616'],
  ['Portugal', 'PRT', '620'],
  ['Russian Federation', 'RUS', '643'],
  ['Saudi Arabia', 'SAU', '682'],
  ['Singapore', 'SGP', '702'],
  ['Slovakia', 'SVK', '703'],
  ['Slovenia', 'SVN', '705'],
  ['South Africa', 'ZAF', '710'],
  ['Spain', 'ESP', '724'],
  ['Sweden', 'SWE', '752'],
  ['Switzerland', 'CHE', '756'],
  ['Taiwan', 'TWN', '158'],
  ['Thailand', 'THA', '764'],
  ['Turkey', 'TUR', '792'],
  ['United Kingdom', 'GBR', '826'],
  ['United States', 'USA', '840'],
  ['Uruguay', 'URY', '858'],
  ['Viet Nam', 'VNM', '704'],
];

/** Values of country attributes that name no country: no shape on a map. */
export const NON_COUNTRIES: readonly string[] = ['European Union'];

/** The countries by the name the archive gives them. */
export const COUNTRIES: ReadonlyMap<string, Country> = new Map(
  ROWS.map(([name, iso3, numeric]) => [name, { name, iso3, numeric }]),
);

const BY_NUMERIC: ReadonlyMap<string, Country> = new Map(
  ROWS.map(([name, iso3, numeric]) => [numeric, { name, iso3, numeric }]),
);

/** The country an archive value names, or none (an unknown spelling, or a funder such as the EU). */
export function countryOf(name: string): Country | undefined {
  return COUNTRIES.get(name);
}

/** The country of a map shape's id (ISO 3166-1 numeric), or none. */
export function countryOfShape(numeric: string): Country | undefined {
  return BY_NUMERIC.get(numeric);
}
