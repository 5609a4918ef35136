import { useMemo, useState } from 'react';
import { levelName, searchAttributes, type PickerAttribute } from './catalogue.ts';
import { ComboBox } from './combo-box.tsx';
import { useCatalogue } from './use-catalogue.ts';
import './query-builder.css';

interface AttributePickerProps {
  value?: PickerAttribute;
  onPick: (attribute: PickerAttribute) => void;
  label?: string;
  /** Only the attributes that pass (e.g. those a facet can count). */
  filter?: (attribute: PickerAttribute) => boolean;
  describedBy?: string;
  invalid?: boolean;
  autoFocus?: boolean;
}

/**
 * Any attribute the service searches, found by typing words of its name, path or description, listed
 * under the catalogue's search groups with its object level. Reads the catalogue itself (once per
 * page), so it can sit anywhere inside the app.
 */
export function AttributePicker({
  value,
  onPick,
  label = 'Attribute',
  filter,
  describedBy,
  invalid,
  autoFocus,
}: AttributePickerProps) {
  const catalogue = useCatalogue();
  const [text, setText] = useState(value?.name ?? '');
  const attributes = useMemo(
    () => (filter ? (catalogue.data ?? []).filter(filter) : (catalogue.data ?? [])),
    [catalogue.data, filter],
  );
  // The picked attribute's name stays in the box; the list then shows everything until edited.
  const search = text === value?.name ? '' : text;
  const { groups, total } = useMemo(() => searchAttributes(attributes, search), [attributes, search]);
  const shown = groups.reduce((n, g) => n + g.attributes.length, 0);
  let status: string;
  if (catalogue.isPending) status = 'Loading the attributes…';
  else if (catalogue.isError) status = `The attributes could not be read: ${catalogue.error.message}`;
  else if (total === 0) status = 'No attribute matches these words.';
  else if (shown < total) status = `${shown} of ${total} attributes: type more words to narrow.`;
  else status = `${total} attribute${total === 1 ? '' : 's'}.`;
  return (
    <ComboBox
      label={label}
      text={text}
      onText={setText}
      placeholder="Type a name or description, e.g. resolution"
      status={status}
      describedBy={describedBy}
      invalid={invalid}
      autoFocus={autoFocus}
      testId="attribute-input"
      groups={groups.map((group) => ({
        name: group.name,
        options: group.attributes.map((attribute) => ({
          key: `${attribute.service}:${attribute.path}`,
          value: attribute,
          label: (
            <>
              {attribute.name}
              {attribute.unit && <span className="ps-qb-unit"> ({attribute.unit})</span>}
            </>
          ),
          detail: (
            <>
              <code>{attribute.path}</code> · {levelName(attribute.level)}
              {attribute.description && <span className="ps-qb-description">{attribute.description}</span>}
            </>
          ),
        })),
      }))}
      onPick={(attribute) => {
        setText(attribute.name);
        onPick(attribute);
      }}
    />
  );
}
