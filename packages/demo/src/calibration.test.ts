import { describe, expect, it } from 'vitest';
import type { Row } from '@pdb-stats/snapshot';
import { generateDocuments } from './generator.ts';

/**
 * The demo archive resembles the real one (the archive's published figures, April 2026 summary), within
 * loose tolerances: 20,000 entries leave room for sampling noise.
 */
const docs = generateDocuments({ entries: 20_000, seed: 5, archiveDate: '2026-04-15' });
const entries = docs.entry;

const list = <T = unknown>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const share = (rows: Row[], test: (row: Row) => boolean) => rows.filter(test).length / rows.length;
const quantile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(p * (sorted.length - 1))] as number;
};
const method = (row: Row) => row['rcsb_entry_info.experimental_method'];
const released = (row: Row) => row['rcsb_accession_info.initial_release_date'] as string;

describe('calibration at 20,000 entries', () => {
  it('matches the method shares of the archive', () => {
    const of = (m: string) => share(entries, (e) => method(e) === m);
    expect(of('X-ray')).toBeGreaterThan(0.76);
    expect(of('X-ray')).toBeLessThan(0.86);
    expect(of('EM')).toBeGreaterThan(0.1);
    expect(of('EM')).toBeLessThan(0.17);
    expect(of('NMR')).toBeGreaterThan(0.045);
    expect(of('NMR')).toBeLessThan(0.075);
    for (const rare of ['Integrative', 'Multiple methods', 'Neutron', 'Other']) {
      expect(of(rare), rare).toBeGreaterThan(0);
      expect(of(rare), rare).toBeLessThan(0.006);
    }
  });

  it('lets EM rise after 2015', () => {
    const emShare = (from: string, to: string) => {
      const rows = entries.filter((e) => released(e) >= from && released(e) < to);
      return share(rows, (e) => method(e) === 'EM');
    };
    expect(emShare('1976', '2014')).toBeLessThan(0.03);
    expect(emShare('2024', '2027')).toBeGreaterThan(0.25);
    expect(emShare('2024', '2027')).toBeLessThan(0.45);
  });

  it('matches the resolution percentiles by method', () => {
    const resolutions = (test: (row: Row) => boolean) =>
      entries.filter(test).flatMap((e) => list<number>(e['rcsb_entry_info.resolution_combined']));
    const xray = resolutions((e) => method(e) === 'X-ray');
    expect(quantile(xray, 0.5)).toBeGreaterThan(1.9);
    expect(quantile(xray, 0.5)).toBeLessThan(2.2);
    expect(quantile(xray, 0.1)).toBeCloseTo(1.5, 0);
    expect(quantile(xray, 0.9)).toBeCloseTo(2.9, 0);
    const em = resolutions((e) => method(e) === 'EM' && released(e) >= '2018');
    expect(quantile(em, 0.5)).toBeGreaterThan(3.3);
    expect(quantile(em, 0.5)).toBeLessThan(3.9);
    const earlyEm = resolutions((e) => method(e) === 'EM' && released(e) < '2014');
    expect(quantile(earlyEm, 0.5)).toBeGreaterThan(5);
    expect(resolutions((e) => method(e) === 'NMR')).toEqual([]);
  });

  it('ties R-free to resolution', () => {
    const pairs = entries
      .filter((e) => list(e['refine.ls_R_factor_R_free']).length)
      .map((e) => [
        list<number>(e['rcsb_entry_info.resolution_combined'])[0] as number,
        list<number>(e['refine.ls_R_factor_R_free'])[0] as number,
      ]);
    const mean = (rows: number[][]) => rows.reduce((sum, [, r]) => sum + (r as number), 0) / rows.length;
    expect(mean(pairs.filter(([res]) => (res as number) < 1.6))).toBeLessThan(
      mean(pairs.filter(([res]) => (res as number) > 2.8)),
    );
    for (const [, r] of pairs) expect((r as number) >= 0.12 && (r as number) <= 0.4).toBe(true);
    for (const e of entries) {
      const free = list<number>(e['refine.ls_R_factor_R_free'])[0];
      const work = list<number>(e['refine.ls_R_factor_R_work'])[0];
      if (free !== undefined && work !== undefined) expect(work).toBeLessThan(free);
    }
  });

  it('matches the molecular composition shares', () => {
    const of = (c: string) => share(entries, (e) => e['rcsb_entry_info.selected_polymer_entity_types'] === c);
    expect(of('Protein (only)')).toBeGreaterThan(0.82);
    expect(of('Protein (only)')).toBeLessThan(0.9);
    expect(of('Protein/NA')).toBeGreaterThan(0.045);
    expect(of('Protein/NA')).toBeLessThan(0.085);
    expect(of('Protein/Oligosaccharide')).toBeGreaterThan(0.04);
    expect(of('Protein/Oligosaccharide')).toBeLessThan(0.075);
    expect(of('Nucleic acid (only)')).toBeGreaterThan(0.012);
    expect(of('Nucleic acid (only)')).toBeLessThan(0.03);
  });

  it('spans 1976 to the archive year with growing yearly releases', () => {
    const years = new Map<number, number>();
    for (const e of entries) {
      const year = Number(released(e).slice(0, 4));
      years.set(year, (years.get(year) ?? 0) + 1);
    }
    expect(Math.min(...years.keys())).toBe(1976);
    expect(Math.max(...years.keys())).toBe(2026);
    for (let year = 1990; year <= 2026; year++) expect(years.has(year), String(year)).toBe(true);
    expect(years.get(2025) as number).toBeGreaterThan(6 * (years.get(1996) as number));
  });

  it('sizes entities, components and annotations like the archive', () => {
    const perEntry = docs.polymer_entity.length / entries.length;
    expect(perEntry).toBeGreaterThan(1.3);
    expect(perEntry).toBeLessThan(1.8);
    const weights = docs.polymer_entity.map((p) => p['rcsb_polymer_entity.formula_weight'] as number);
    expect(quantile(weights, 0.5)).toBeGreaterThan(18);
    expect(quantile(weights, 0.5)).toBeLessThan(35);
    const chem = docs.mol_definition.map((c) => c['chem_comp.formula_weight'] as number);
    expect(docs.mol_definition.length).toBeCloseTo(0.18 * entries.length, -2);
    expect(quantile(chem, 0.1)).toBeGreaterThan(140);
    expect(quantile(chem, 0.1)).toBeLessThan(200);
    expect(quantile(chem, 0.5)).toBeGreaterThan(320);
    expect(quantile(chem, 0.5)).toBeLessThan(390);
    expect(quantile(chem, 0.9)).toBeGreaterThan(530);
    expect(quantile(chem, 0.9)).toBeLessThan(650);
    const proteins = docs.polymer_entity.filter(
      (p) => p['entity_poly.rcsb_entity_polymer_type'] === 'Protein',
    );
    const enzymes = share(proteins, (p) => p['rcsb_polymer_entity.pdbx_ec'] !== null);
    expect(enzymes).toBeGreaterThan(0.25);
    expect(enzymes).toBeLessThan(0.42);
    const accessions = new Set(
      docs.polymer_entity.flatMap((p) => list(p['rcsb_polymer_entity_container_identifiers.uniprot_ids'])),
    );
    expect(accessions.size / entries.length).toBeGreaterThan(0.18);
    expect(accessions.size / entries.length).toBeLessThan(0.35);
  });

  it('keeps citations, structural genomics and affinities at their shares', () => {
    const unpublished = share(
      entries,
      (e) => e['rcsb_primary_citation.rcsb_journal_abbrev'] === 'To be published',
    );
    expect(unpublished).toBeGreaterThan(0.1);
    expect(unpublished).toBeLessThan(0.2);
    for (const e of entries.filter(
      (row) => row['rcsb_primary_citation.rcsb_journal_abbrev'] === 'To be published',
    )) {
      expect(e['rcsb_primary_citation.year']).toBeNull();
      expect(e['rcsb_primary_citation.pdbx_database_id_DOI']).toBeNull();
      expect(e['rcsb_primary_citation.pdbx_database_id_PubMed']).toBeNull();
    }
    const sg = entries.filter((e) => list(e['pdbx_SG_project.full_name_of_center']).length);
    expect(sg.length / entries.length).toBeGreaterThan(0.03);
    expect(sg.length / entries.length).toBeLessThan(0.08);
    expect(share(sg, (e) => released(e) >= '2000' && released(e) < '2016')).toBeGreaterThan(0.8);
    const affinity = share(entries, (e) => list(e.rcsb_binding_affinity).length > 0);
    expect(affinity).toBeGreaterThan(0.03);
    expect(affinity).toBeLessThan(0.08);
  });

  it('makes Asymmetric and Cyclic the common global symmetries', () => {
    const types = docs.assembly.flatMap((a) =>
      list<{ kind: string; type: string }>(a.rcsb_struct_symmetry)
        .filter((s) => s.kind === 'Global Symmetry')
        .map((s) => s.type),
    );
    const of = (t: string) => types.filter((x) => x === t).length / types.length;
    expect(of('Asymmetric') + of('Cyclic')).toBeGreaterThan(0.85);
    expect(of('Dihedral')).toBeGreaterThan(0.02);
    for (const rare of ['Helical', 'Icosahedral', 'Octahedral', 'Tetrahedral'])
      expect(of(rare), rare).toBeLessThan(0.02);
  });
});
