import { resolveDate, type Operator, type QueryNode, type TerminalNode } from '@pdb-stats/search-model';
import { operatorsOf, type PickerAttribute } from './catalogue.ts';
import { readNode, writeNode, type BuilderCondition, type ConditionValue } from './tree.ts';

/** A condition being edited: its inputs as typed, read into a condition on Apply. */
export interface ConditionDraft {
  attribute?: PickerAttribute;
  operator?: Operator;
  /** One value (comparisons, exact match, words). */
  value: string;
  from: string;
  to: string;
  includeLower: boolean;
  includeUpper: boolean;
  /** The values of "in". */
  values: string[];
  negation: boolean;
  caseSensitive: boolean;
  /** Kept from the condition edited (node_id, label, a case_sensitive written false…). */
  kept?: Pick<BuilderCondition, 'nodeId' | 'label'>;
}

const text = (value: unknown) => (value === undefined ? '' : String(value));

/** The draft of an existing condition (its attribute as the picker knows it), or of a new one. */
export function draftOf(condition?: BuilderCondition, attribute?: PickerAttribute): ConditionDraft {
  const value = condition?.value;
  const range = typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  return {
    ...(attribute && { attribute }),
    ...(condition && { operator: condition.operator }),
    value: range || Array.isArray(value) ? '' : text(value),
    from: text(range?.from),
    to: text(range?.to),
    // A new range includes its bounds; a range written without the flags excludes them, as the
    // service reads it, and is edited as it means.
    includeLower: range ? range.include_lower === true : true,
    includeUpper: range ? range.include_upper === true : true,
    values: Array.isArray(value) ? value.map(String) : [],
    negation: condition?.negation === true,
    caseSensitive: condition?.caseSensitive === true,
    ...(condition && {
      kept: {
        ...(condition.nodeId !== undefined && { nodeId: condition.nodeId }),
        ...(condition.label !== undefined && { label: condition.label }),
      },
    }),
  };
}

/**
 * The condition a terminal node holds, as the editors read it (attribute, operator, value, negation);
 * undefined for a node they cannot show as one condition (a group, a full-text search, an unknown
 * parameter), which is edited as JSON.
 */
export function conditionIn(node: QueryNode): BuilderCondition | undefined {
  const read = readNode(node);
  return read.kind === 'condition' ? read : undefined;
}

/** The draft with another operator; what was typed moves to the new operator's inputs. */
export function withOperator(draft: ConditionDraft, operator: Operator): ConditionDraft {
  const typed = draft.value || draft.from || draft.values[0] || '';
  return {
    ...draft,
    operator,
    ...(operator === 'range' && draft.from === '' && draft.to === '' && { from: typed }),
    ...(operator === 'in' && draft.values.length === 0 && typed !== '' && { values: [typed] }),
    ...(operator !== 'range' && operator !== 'in' && draft.value === '' && { value: typed }),
  };
}

/** The values of "in" typed in one line, separated by commas. */
export function listOf(text: string): string[] {
  return text
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

/** The draft with another attribute: its first operator when the current one does not apply. */
export function withAttribute(draft: ConditionDraft, attribute: PickerAttribute): ConditionDraft {
  const operators = operatorsOf(attribute);
  const keepsType = draft.attribute?.type === attribute.type;
  const operator =
    draft.operator && operators.includes(draft.operator) && keepsType ? draft.operator : undefined;
  return {
    ...draft,
    attribute,
    operator: operator ?? defaultOperator(attribute),
    ...(!keepsType && { value: '', from: '', to: '', values: [] }),
  };
}

/** The operator a new condition on an attribute starts with. */
function defaultOperator(attribute: PickerAttribute): Operator {
  const operators = operatorsOf(attribute);
  if (attribute.type !== 'string') return 'range';
  return operators[0] as Operator;
}

/** A draft that cannot be applied: which input, and why. */
export interface DraftFault {
  field: 'attribute' | 'operator' | 'value' | 'from' | 'to' | 'values';
  message: string;
}

/** One typed value as the attribute's type wants it; a string is the fault. */
function scalar(attribute: PickerAttribute, input: string, what: string): string | number | DraftFault {
  const trimmed = input.trim();
  if (attribute.type === 'integer' || attribute.type === 'number') {
    const number = trimmed === '' ? NaN : Number(trimmed);
    if (!Number.isFinite(number)) return { field: 'value', message: `${what}: enter a number` };
    if (attribute.type === 'integer' && !Number.isInteger(number))
      return { field: 'value', message: `${what}: enter a whole number` };
    return number;
  }
  if (trimmed === '') return { field: 'value', message: `${what}: enter a value` };
  if (attribute.type === 'date') {
    try {
      resolveDate(trimmed, what);
    } catch {
      return { field: 'value', message: `${what}: enter a date as YYYY-MM-DD (or date math such as now-1y)` };
    }
  }
  return attribute.type === 'string' ? input : trimmed;
}

const isFault = (value: unknown): value is DraftFault => typeof value === 'object' && value !== null;

/** The terminal node a draft stands for, or what keeps it from being one. */
export function terminalOf(draft: ConditionDraft): TerminalNode | DraftFault {
  const condition = conditionOf(draft);
  return 'field' in condition ? condition : (writeNode(condition) as TerminalNode);
}

/** The condition a draft stands for, or what keeps it from being one. */
export function conditionOf(draft: ConditionDraft): BuilderCondition | DraftFault {
  const { attribute, operator } = draft;
  if (!attribute) return { field: 'attribute', message: 'Attribute: choose one from the list' };
  if (!operator || !operatorsOf(attribute).includes(operator))
    return { field: 'operator', message: `Operator: choose one that ${attribute.name} allows` };
  let value: ConditionValue | undefined;
  switch (operator) {
    case 'exists':
      break;
    case 'range': {
      const bound = (input: string, field: 'from' | 'to', what: string) => {
        if (input.trim() === '') return undefined;
        const read = scalar(attribute, input, what);
        return isFault(read) ? { ...read, field } : read;
      };
      const from = bound(draft.from, 'from', 'From');
      const to = bound(draft.to, 'to', 'To');
      if (isFault(from)) return from;
      if (isFault(to)) return to;
      if (from === undefined && to === undefined)
        return { field: 'from', message: 'Range: enter a lower bound, an upper bound or both' };
      if (
        from !== undefined &&
        to !== undefined &&
        typeof from === 'number' &&
        typeof to === 'number' &&
        from > to
      )
        return { field: 'to', message: `To: ${to} is below the lower bound ${from}` };
      value = {
        ...(from !== undefined && { from }),
        ...(to !== undefined && { to }),
        ...(from !== undefined && { include_lower: draft.includeLower }),
        ...(to !== undefined && { include_upper: draft.includeUpper }),
      };
      break;
    }
    case 'in': {
      const values: (string | number)[] = [];
      for (const input of draft.values) {
        const read = scalar(attribute, input, 'Values');
        if (isFault(read)) return { ...read, field: 'values' };
        values.push(read);
      }
      if (values.length === 0) return { field: 'values', message: 'Values: add at least one' };
      value = values;
      break;
    }
    default: {
      const read = scalar(attribute, draft.value, 'Value');
      if (isFault(read)) return read;
      value = read;
    }
  }
  return {
    kind: 'condition',
    service: attribute.service,
    attribute: attribute.path,
    operator,
    ...(value !== undefined && { value }),
    ...(draft.negation && { negation: true }),
    ...(draft.caseSensitive && operator === 'exact_match' && { caseSensitive: true }),
    ...draft.kept,
  };
}
