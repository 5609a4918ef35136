import { Random, Weighted, clamp, round } from '../random.ts';
import { SPACE_GROUPS } from '../vocabulary/crystals.ts';
import { IHM_DATASETS, RESOLUTION, isDiffraction, isElectron, isNmr } from '../vocabulary/methods.ts';
import { SOFTWARE, type Program, type SoftwareFamily } from '../vocabulary/software.ts';
import type { ExperimentalMethod } from '../vocabulary/releases.ts';

const SPACE_GROUP_TABLE = new Weighted(SPACE_GROUPS);

export interface Experiment {
  resolution: number[];
  rFree: number[];
  rWork: number[];
  spaceGroup: string | null;
  cellA: number | null;
  models: number;
  software: string[];
  ihm: string[];
}

/** Integrative entries: the input data sets, and the experimental methods behind them (exptl.method). */
export function integrativeInputs(rng: Random): { datasets: string[]; exptl: string[] } {
  let datasets: string[] = [];
  while (datasets.length < 2) {
    datasets = IHM_DATASETS.filter(([, share]) => rng.chance(share)).map(([name]) => name);
  }
  const exptl = [
    ...new Set(
      IHM_DATASETS.filter(([name, , method]) => method && datasets.includes(name)).map(
        ([, , m]) => m as string,
      ),
    ),
  ];
  return { datasets, exptl: exptl.length ? exptl : ['THEORETICAL MODEL'] };
}

function resolutionOf(
  method: ExperimentalMethod,
  exptl: readonly string[],
  year: number,
  rng: Random,
): number[] {
  if (method === 'NMR' || method === 'Integrative') return [];
  if (method === 'Other' && !exptl.some((m) => m.endsWith('DIFFRACTION'))) return [];
  let value: number;
  if (method === 'Neutron') value = RESOLUTION.neutron.draw(rng);
  else if (method === 'Other') value = RESOLUTION.other.draw(rng);
  else if (isElectron(exptl) && !isDiffraction(exptl)) {
    // The "resolution revolution": EM maps sharpen from ~7 A to ~3.6 A between 2013 and 2018.
    const recent = year >= 2018 || (year >= 2013 && rng.chance((year - 2012) / 6));
    value = (recent ? RESOLUTION.emRecent : RESOLUTION.emEarly).draw(rng);
  } else if (isDiffraction(exptl)) value = RESOLUTION.diffraction.draw(rng) + (year < 1995 ? 0.15 : 0);
  else return [];
  return [round(value, 2)];
}

/** R-free grows with resolution (~0.16 at 1 A, ~0.21 at 2 A, ~0.25 at 3 A) with some scatter. */
function rFactors(resolution: number, year: number, rng: Random): { rFree: number[]; rWork: number[] } {
  const expected = 0.1 + 0.065 * resolution - 0.005 * resolution * resolution;
  const rFree = clamp(expected + rng.normal() * 0.018, 0.12, 0.4);
  const rWork = clamp(rFree - clamp(0.04 + rng.normal() * 0.012, 0.01, 0.08), 0.09, 0.36);
  // Free R was introduced in 1992 and only became routine a few years later.
  const hasFree = year >= 1997 ? rng.chance(0.98) : year >= 1993 ? rng.chance(0.6) : rng.chance(0.1);
  return { rFree: hasFree ? [round(rFree, 4)] : [], rWork: rng.chance(0.97) ? [round(rWork, 4)] : [] };
}

const SOFTWARE_TABLES: Record<SoftwareFamily, Map<number, Weighted<Program> | null>> = {
  diffraction: new Map(),
  em: new Map(),
  nmr: new Map(),
  integrative: new Map(),
};

function softwareTable(family: SoftwareFamily, year: number): Weighted<Program> | null {
  const tables = SOFTWARE_TABLES[family];
  let table = tables.get(year);
  if (table === undefined) {
    const eligible = SOFTWARE[family].filter((p) => p.from <= year && (p.to ?? 9999) >= year);
    table = eligible.length ? Weighted.of(eligible, (p) => p.weight) : null;
    tables.set(year, table);
  }
  return table;
}

/** 2-5 distinct programs in use in the release year, from the method's software family. */
function softwareOf(families: SoftwareFamily[], year: number, rng: Random): string[] {
  const wanted = rng.between(2, 5);
  const chosen = new Set<string>();
  for (let attempt = 0; chosen.size < wanted && attempt < 30; attempt++) {
    const table = softwareTable(rng.pick(families), year);
    if (table) chosen.add(table.draw(rng).name);
  }
  return [...chosen];
}

function softwareFamilies(method: ExperimentalMethod, exptl: readonly string[]): SoftwareFamily[] {
  if (method === 'Integrative') return ['integrative'];
  const families: SoftwareFamily[] = [];
  if (isDiffraction(exptl) || exptl.includes('FIBER DIFFRACTION') || exptl.includes('POWDER DIFFRACTION'))
    families.push('diffraction');
  if (isElectron(exptl)) families.push(exptl.includes('ELECTRON CRYSTALLOGRAPHY') ? 'diffraction' : 'em');
  if (isNmr(exptl) || exptl.includes('SOLUTION SCATTERING') || exptl.includes('EPR')) families.push('nmr');
  return families.length ? families : ['diffraction'];
}

export function buildExperiment(
  method: ExperimentalMethod,
  exptl: readonly string[],
  year: number,
  ihm: string[],
  rng: Random,
): Experiment {
  const resolution = resolutionOf(method, exptl, year, rng);
  const diffraction = isDiffraction(exptl);
  const factors =
    diffraction && resolution.length
      ? rFactors(resolution[0] as number, year, rng)
      : { rFree: [], rWork: [] };
  const models = isNmr(exptl)
    ? exptl.includes('SOLID-STATE NMR')
      ? 10
      : rng.chance(0.55)
        ? 20
        : rng.chance(0.5)
          ? 10
          : rng.between(1, 40)
    : method === 'Integrative' && rng.chance(0.2)
      ? rng.between(2, 5)
      : 1;
  return {
    resolution,
    rFree: factors.rFree,
    rWork: factors.rWork,
    spaceGroup: diffraction ? SPACE_GROUP_TABLE.draw(rng) : null,
    cellA: diffraction ? round(clamp(rng.logNormal(75, 0.45), 20, 600), 3) : null,
    models,
    software: softwareOf(softwareFamilies(method, exptl), year, rng),
    ihm,
  };
}
