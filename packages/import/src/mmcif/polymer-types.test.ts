import { describe, expect, it } from 'vitest';
import { ncbiStyleName } from './entity-rules.ts';
import {
  naPolymerEntityTypes,
  polymerClassOf,
  polymerComposition,
  selectedPolymerEntityTypes,
  type CompositionMember,
} from './polymer-types.ts';

describe('polymer classes', () => {
  it('maps entity_poly.type to RCSB polymer types', () => {
    expect(polymerClassOf('polypeptide(L)')).toBe('Protein');
    expect(polymerClassOf('polypeptide(D)')).toBe('Protein');
    expect(polymerClassOf('polydeoxyribonucleotide')).toBe('DNA');
    expect(polymerClassOf('polyribonucleotide')).toBe('RNA');
    expect(polymerClassOf('polydeoxyribonucleotide/polyribonucleotide hybrid')).toBe('NA-hybrid');
    expect(polymerClassOf('peptide nucleic acid')).toBe('Other');
    expect(polymerClassOf(undefined)).toBe('Other');
  });

  const cases: [CompositionMember[], string | undefined, string | undefined, string | undefined][] = [
    [['Protein'], 'homomeric protein', 'Protein (only)', 'Other'],
    [['Protein', 'Protein'], 'heteromeric protein', 'Protein (only)', 'Other'],
    [['DNA', 'DNA'], 'DNA', 'Nucleic acid (only)', 'DNA (only)'],
    [['RNA'], 'RNA', 'Nucleic acid (only)', 'RNA (only)'],
    [['NA-hybrid'], 'NA-hybrid', 'Nucleic acid (only)', 'NA-hybrid (only)'],
    [['DNA', 'RNA'], 'DNA/RNA', 'Nucleic acid (only)', 'DNA/RNA (only)'],
    [['Protein', 'DNA', 'RNA'], 'protein/NA', 'Protein/NA', 'Other'],
    [['Protein', 'Oligosaccharide'], 'protein/oligosaccharide', 'Protein/Oligosaccharide', 'Other'],
    [['Protein', 'RNA', 'Oligosaccharide'], 'protein/NA/oligosaccharide', 'Other', 'Other'],
    [['DNA', 'Oligosaccharide'], 'NA/oligosaccharide', 'Other', 'DNA (only)'],
    [['Oligosaccharide'], 'oligosaccharide', 'Oligosaccharide (only)', undefined],
    [['Other'], 'other', 'Other', 'Other'],
    [['Protein', 'Other'], 'other type pair', 'Other', 'Other'],
    [['Protein', 'DNA', 'Other'], 'other type composition', 'Other', 'Other'],
    [[], undefined, undefined, undefined],
  ];
  it.each(cases)('%j → %s, %s, %s', (members, composition, selected, nucleic) => {
    expect(polymerComposition(members)).toBe(composition);
    expect(selectedPolymerEntityTypes(members)).toBe(selected);
    expect(naPolymerEntityTypes(members)).toBe(nucleic);
  });
});

describe('organism names', () => {
  it('are written as NCBI writes them when deposited in capitals', () => {
    expect(ncbiStyleName('HOMO SAPIENS')).toBe('Homo sapiens');
    expect(ncbiStyleName('ESCHERICHIA COLI K-12')).toBe('Escherichia coli K-12');
    expect(ncbiStyleName('HUMAN IMMUNODEFICIENCY VIRUS 1')).toBe('Human immunodeficiency virus 1');
    expect(ncbiStyleName('Mus musculus')).toBe('Mus musculus');
    expect(ncbiStyleName(undefined)).toBeUndefined();
  });
});
