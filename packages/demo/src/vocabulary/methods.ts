import { Quantiles, Weighted } from '../random.ts';
import type { ExperimentalMethod } from './releases.ts';

/** `exptl.method` values behind each method class (RCSB groups electron crystallography under EM). */
export const EXPTL_BY_METHOD: Record<ExperimentalMethod, Weighted<readonly string[]>> = {
  'X-ray': new Weighted([[['X-RAY DIFFRACTION'], 1]]),
  EM: new Weighted([
    [['ELECTRON MICROSCOPY'], 0.98],
    [['ELECTRON CRYSTALLOGRAPHY'], 0.02],
  ]),
  NMR: new Weighted([
    [['SOLUTION NMR'], 0.94],
    [['SOLID-STATE NMR'], 0.06],
  ]),
  'Multiple methods': new Weighted([
    [['X-RAY DIFFRACTION', 'NEUTRON DIFFRACTION'], 0.6],
    [['X-RAY DIFFRACTION', 'SOLUTION NMR'], 0.1],
    [['SOLUTION NMR', 'SOLUTION SCATTERING'], 0.15],
    [['ELECTRON MICROSCOPY', 'SOLID-STATE NMR'], 0.1],
    [['ELECTRON MICROSCOPY', 'SOLUTION NMR'], 0.05],
  ]),
  Neutron: new Weighted([[['NEUTRON DIFFRACTION'], 1]]),
  Other: new Weighted([
    [['FIBER DIFFRACTION'], 0.4],
    [['SOLUTION SCATTERING'], 0.25],
    [['POWDER DIFFRACTION'], 0.1],
    [['EPR'], 0.1],
    [['FLUORESCENCE TRANSFER'], 0.1],
    [['INFRARED SPECTROSCOPY'], 0.05],
  ]),
  // Integrative entries list the methods behind their input data (see integrativeExptl).
  Integrative: new Weighted([[['THEORETICAL MODEL'], 1]]),
};

/** Input data of integrative models (`rcsb_ihm_dataset_list.name`) with how often an entry uses each. */
export const IHM_DATASETS: ReadonlyArray<readonly [string, number, string | null]> = [
  ['Crosslinking-MS data', 0.6, null],
  ['Experimental model', 0.55, null],
  ['Comparative model', 0.5, null],
  ['3DEM volume', 0.45, 'ELECTRON MICROSCOPY'],
  ['SAS data', 0.2, 'SOLUTION SCATTERING'],
  ['2DEM class average', 0.15, 'ELECTRON MICROSCOPY'],
  ['Integrative model', 0.1, null],
  ['De Novo model', 0.1, null],
  ['Mutagenesis data', 0.08, null],
  ['NMR data', 0.05, 'SOLUTION NMR'],
  ['X-ray diffraction data', 0.05, 'X-RAY DIFFRACTION'],
  ['Ensemble FRET data', 0.05, 'FLUORESCENCE TRANSFER'],
  ['EPR data', 0.04, 'EPR'],
  ['H/D exchange data', 0.03, null],
  ['Other', 0.05, null],
];

/**
 * The archive's published resolution percentiles per method class, with tails matching the
 * <1.0 and >=4.6 bins of the resolution table.
 */
export const RESOLUTION = {
  diffraction: new Quantiles([
    [0, 0.48],
    [0.006, 1.0],
    [0.1, 1.5],
    [0.25, 1.75],
    [0.5, 2.03],
    [0.75, 2.5],
    [0.9, 2.9],
    [0.97, 3.4],
    [0.995, 4.5],
    [1, 8],
  ]),
  emRecent: new Quantiles([
    [0, 1.2],
    [0.1, 2.89],
    [0.25, 3.2],
    [0.5, 3.6],
    [0.75, 4.18],
    [0.9, 5.8],
    [0.98, 9],
    [1, 25],
  ]),
  emEarly: new Quantiles([
    [0, 2.8],
    [0.1, 4.2],
    [0.25, 5.5],
    [0.5, 7.3],
    [0.75, 10],
    [0.9, 14],
    [1, 30],
  ]),
  neutron: new Quantiles([
    [0, 1.05],
    [0.25, 1.8],
    [0.5, 2.1],
    [0.75, 2.5],
    [1, 3.5],
  ]),
  other: new Quantiles([
    [0, 2.5],
    [0.5, 3.5],
    [1, 12],
  ]),
};

/** Whether a method list includes a diffraction experiment (R-factors, space group, cell). */
export function isDiffraction(methods: readonly string[]): boolean {
  return methods.some((m) => m === 'X-RAY DIFFRACTION' || m === 'NEUTRON DIFFRACTION');
}

export function isNmr(methods: readonly string[]): boolean {
  return methods.some((m) => m.endsWith('NMR'));
}

export function isElectron(methods: readonly string[]): boolean {
  return methods.some((m) => m.startsWith('ELECTRON'));
}
