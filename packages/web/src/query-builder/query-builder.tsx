import type { QueryNode, ReturnType, TerminalNode } from '@pdb-stats/search-model';
import { useMemo, useState } from 'react';
import { countNoun } from '@pdb-stats/charts';
import { terminalText } from '@pdb-stats/charts/request-summary';
import { findPickerAttribute, type PickerAttribute } from './catalogue.ts';
import { ConditionEditor } from './condition-editor.tsx';
import {
  addTo,
  canNegate,
  negate,
  nodeAt,
  readNode,
  removeAt,
  replaceAt,
  writeNode,
  type BuilderCondition,
  type BuilderGroup,
  type BuilderNode,
  type BuilderOpaque,
  type NodePath,
} from './tree.ts';
import { useCatalogue } from './use-catalogue.ts';
import './query-builder.css';

interface QueryBuilderProps {
  /** The query node edited; undefined for none (everything matches). */
  value: QueryNode | undefined;
  onChange: (node: QueryNode | undefined) => void;
  /** What the query returns: names the objects in plain words. */
  returnType?: ReturnType;
  /** Shows a node the builder cannot edit in the JSON, where it can be (the query editor's). */
  onEditJson?: (path: NodePath) => void;
  /** Opened to add a condition: without a node, the new condition's editor is open from the start. */
  startAdding?: boolean;
}

/** Where the builder writes: a condition edited, or a condition or group added to a group. */
interface Editing {
  at: string;
  mode: 'edit' | 'condition' | 'group';
}

const key = (path: NodePath) => path.join('.');

/**
 * A Search API query node built visually: conditions on any attribute of the catalogue, and/or groups
 * nested to any depth, negation (of a terminal, or of a group by De Morgan's laws, as the API has no
 * negated group). Nodes it cannot show (a full-text terminal, another service, an unknown key) are
 * kept whole and shown read-only. Controlled: every change hands the whole new node to `onChange`.
 */
export function QueryBuilder({
  value,
  onChange,
  returnType = 'entry',
  onEditJson,
  startAdding = false,
}: QueryBuilderProps) {
  const root = useMemo(() => (value === undefined ? undefined : readNode(value)), [value]);
  const [editing, setEditing] = useState<Editing | undefined>(() =>
    startAdding && value === undefined ? { at: key([]), mode: 'condition' } : undefined,
  );
  const catalogue = useCatalogue();
  const change = (next: BuilderNode | undefined) => {
    setEditing(undefined);
    onChange(next === undefined ? undefined : (writeNode(next) as QueryNode));
  };
  // The views of nodes only exist under a root; adding to no root starts one.
  const context: NodeContext = {
    attributes: catalogue.data ?? [],
    root: root as BuilderNode,
    returnType,
    editing,
    setEditing,
    change,
    onEditJson,
  };
  return (
    <div className="ps-qb" data-testid="query-builder">
      {root ? (
        <NodeView node={root} path={[]} context={context} />
      ) : (
        <p className="ps-qb-note" data-testid="builder-empty">
          No conditions: the search matches every {countNoun(returnType, 1)}.
        </p>
      )}
      {root?.kind !== 'group' && <AddControls path={[]} context={context} />}
    </div>
  );
}

interface NodeContext {
  /** Set wherever a node is shown; undefined only where the first node is added. */
  root: BuilderNode;
  returnType: ReturnType;
  editing: Editing | undefined;
  setEditing: (editing: Editing | undefined) => void;
  change: (next: BuilderNode | undefined) => void;
  onEditJson?: (path: NodePath) => void;
  /** The service's attributes, for their names and units (none while loading). */
  attributes: readonly PickerAttribute[];
}

function NodeView({ node, path, context }: { node: BuilderNode; path: NodePath; context: NodeContext }) {
  if (node.kind === 'group') return <GroupView group={node} path={path} context={context} />;
  if (node.kind === 'condition') return <ConditionView condition={node} path={path} context={context} />;
  return <OpaqueView node={node} path={path} context={context} />;
}

function GroupView({ group, path, context }: { group: BuilderGroup; path: NodePath; context: NodeContext }) {
  const { root, change } = context;
  const name = path.length === 0 ? 'the query' : 'this group';
  return (
    <fieldset
      className={`ps-qb-group ps-qb-${group.operator}`}
      data-testid="builder-group"
      data-operator={group.operator}
    >
      <legend className="ps-qb-group-head">
        <label>
          <span className="ps-qb-visually-hidden">How the conditions of {name} combine: </span>
          <select
            className="ps-qb-input ps-qb-logic"
            data-testid="group-operator"
            value={group.operator}
            onChange={(event) =>
              change(replaceAt(root, path, { ...group, operator: event.target.value as 'and' | 'or' }))
            }
          >
            <option value="and">All of (and)</option>
            <option value="or">Any of (or)</option>
          </select>
        </label>
        {canNegate(group) && (
          <button
            type="button"
            className="ps-qb-button"
            title="Not (a and b) is (not a) or (not b): the Search API negates conditions, not groups"
            onClick={() => change(replaceAt(root, path, negate(group)))}
          >
            Negate {path.length === 0 ? 'all' : 'group'}
          </button>
        )}
        <button
          type="button"
          className="ps-qb-button"
          aria-label={`Remove ${name}`}
          onClick={() => change(removeAt(root, path))}
        >
          Remove
        </button>
      </legend>
      <ul className="ps-qb-children">
        {group.children.map((child, index) => (
          <li key={index}>
            <NodeView node={child} path={[...path, index]} context={context} />
          </li>
        ))}
      </ul>
      <AddControls path={path} context={context} />
    </fieldset>
  );
}

function ConditionView({
  condition,
  path,
  context,
}: {
  condition: BuilderCondition;
  path: NodePath;
  context: NodeContext;
}) {
  const { root, change, editing, setEditing, returnType } = context;
  const node = writeNode(condition) as TerminalNode;
  if (editing?.mode === 'edit' && editing.at === key(path))
    return (
      <ConditionEditor
        value={node}
        onApply={(next) => change(replaceAt(root, path, readNode(next)))}
        onCancel={() => setEditing(undefined)}
      />
    );
  const attribute = findPickerAttribute(context.attributes, condition.attribute, condition.service);
  const text = terminalText(node as unknown as Record<string, unknown>, returnType, attribute);
  return (
    <div
      className={`ps-qb-condition${condition.negation ? ' ps-qb-negated' : ''}`}
      data-testid="builder-condition"
    >
      <span className="ps-qb-condition-text">{text}</span>
      <span className="ps-qb-actions">
        <button
          type="button"
          className="ps-qb-button"
          aria-pressed={condition.negation === true}
          aria-label={`Negate: ${text}`}
          onClick={() => change(replaceAt(root, path, negate(condition)))}
        >
          Not
        </button>
        <button
          type="button"
          className="ps-qb-button"
          aria-label={`Edit: ${text}`}
          onClick={() => setEditing({ at: key(path), mode: 'edit' })}
        >
          Edit
        </button>
        <button
          type="button"
          className="ps-qb-button"
          aria-label={`Remove: ${text}`}
          onClick={() => change(removeAt(root, path))}
        >
          Remove
        </button>
      </span>
    </div>
  );
}

function OpaqueView({ node, path, context }: { node: BuilderOpaque; path: NodePath; context: NodeContext }) {
  const { root, change, onEditJson } = context;
  return (
    <div className="ps-qb-opaque" data-testid="builder-opaque">
      <p className="ps-qb-note">The builder cannot show {node.reason}; it is kept as written:</p>
      <pre>{JSON.stringify(node.node, null, 2)}</pre>
      <span className="ps-qb-actions">
        {onEditJson && (
          <button type="button" className="ps-qb-button" onClick={() => onEditJson(path)}>
            Edit as JSON
          </button>
        )}
        <button type="button" className="ps-qb-button" onClick={() => change(removeAt(root, path))}>
          Remove
        </button>
      </span>
    </div>
  );
}

/** Add a condition or a group here; the editor of the new condition opens in place. */
function AddControls({ path, context }: { path: NodePath; context: NodeContext }) {
  const { root, editing, setEditing, change } = context;
  const here = editing && editing.mode !== 'edit' && editing.at === key(path) ? editing : undefined;
  if (here) {
    const target = root && nodeAt(root, path);
    const parentLogic = target?.kind === 'group' ? target.operator : 'and';
    return (
      <ConditionEditor
        applyLabel={here.mode === 'group' ? 'Add group' : 'Add condition'}
        onApply={(next) => {
          const condition = readNode(next);
          // A new group's logic is the other of its parent's: an and-group inside an and-group says nothing.
          const added: BuilderNode =
            here.mode === 'group'
              ? { kind: 'group', operator: parentLogic === 'or' ? 'and' : 'or', children: [condition] }
              : condition;
          change(addTo(root, path, added));
        }}
        onCancel={() => setEditing(undefined)}
      />
    );
  }
  return (
    <div className="ps-qb-add">
      <button
        type="button"
        className="ps-qb-button"
        data-testid="add-condition"
        onClick={() => setEditing({ at: key(path), mode: 'condition' })}
      >
        + Condition
      </button>
      <button
        type="button"
        className="ps-qb-button"
        data-testid="add-group"
        onClick={() => setEditing({ at: key(path), mode: 'group' })}
      >
        + Group
      </button>
    </div>
  );
}
