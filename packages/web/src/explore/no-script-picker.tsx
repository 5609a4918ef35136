import { useQueryClient } from '@tanstack/react-query';
import { metadataSchemaQuery } from '../api/queries.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { pickerAttributes, type PickerAttribute } from '../query-builder/catalogue.ts';

interface NoScriptPickerProps {
  label: string;
  /** The form field: `attribute` or `by`. */
  name: string;
  value: PickerAttribute | undefined;
  filter: (attribute: PickerAttribute) => boolean;
  /** The first choice's text when none may be chosen ("None"); without it, one must be. */
  none?: string;
}

/**
 * The attribute picker of a page read without scripts: a plain menu of the attributes, under their
 * catalogue groups, sent with its form. Drawn by the server alone, from the metadata schemas it read
 * for the page, inside a <noscript>: where scripts run, the browser neither shows nor hydrates it
 * (and the schemas are not handed over), and the typed picker is used.
 */
export function NoScriptPicker({ label, name, value, filter, none }: NoScriptPickerProps) {
  const client = useQueryClient();
  const { config } = useDataQuery();
  if (typeof document !== 'undefined') return <noscript />;
  const url = config.sierraConfig.searchApiUrl;
  const schema = (kind: 'structure' | 'chemical') =>
    client.getQueryData(metadataSchemaQuery(url, kind).queryKey);
  const structure = schema('structure');
  if (!structure) return <noscript />;
  const groups = new Map<string, PickerAttribute[]>();
  const seen = new Set<string>();
  for (const attribute of pickerAttributes(structure, schema('chemical'))) {
    if (!filter(attribute) || seen.has(attribute.path)) continue;
    seen.add(attribute.path);
    groups.set(attribute.group, [...(groups.get(attribute.group) ?? []), attribute]);
  }
  // Two attributes of one name (the method of the entry's experiments, and its summary) are told apart by their paths.
  const named = new Map<string, number>();
  for (const list of groups.values())
    for (const { name } of list) named.set(name, (named.get(name) ?? 0) + 1);
  return (
    <noscript>
      <label className="ps-qb-field ps-explore-noscript">
        <span className="ps-qb-label">{label}</span>
        <select className="ps-qb-input" name={name} defaultValue={value?.path ?? ''}>
          {(none !== undefined || !value) && <option value="">{none ?? 'Choose an attribute'}</option>}
          {[...groups].map(([group, attributes]) => (
            <optgroup key={group} label={group}>
              {attributes.map((attribute) => (
                <option key={attribute.path} value={attribute.path}>
                  {attribute.name}
                  {attribute.unit && ` (${attribute.unit})`}
                  {named.get(attribute.name)! > 1 && ` · ${attribute.path}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
    </noscript>
  );
}
