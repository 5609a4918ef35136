import type { FormEvent } from 'react';
import { Link, useSearchParams } from '../routing/navigation.tsx';
import {
  DEFAULT_TOP,
  EXPLORE_STACKS,
  MAX_BINS,
  MAX_TOP,
  countedLevels,
  countedName,
  otherCountable,
  dimensionsOf,
  isExplorable,
  isStackable,
  type ExploreDimension,
  type ExploreProblem,
  type ExploreStack,
  type ExploreSpec,
} from '@pdb-stats/charts';
import type { ReturnType as Level } from '@pdb-stats/search-model';
import { AttributePicker } from '../query-builder/attribute-picker.tsx';
import type { PickerAttribute } from '../query-builder/catalogue.ts';
import {
  PREVIOUS_PARAM,
  dimensionDefaults,
  exploreParamsOf,
  withExplore,
  type pickerResolver,
} from './explore-params.ts';
import { NoScriptPicker } from './no-script-picker.tsx';

const DIMENSION_NAMES: Record<ExploreDimension, string> = {
  terms: 'Most frequent values',
  bins: 'Numeric bins',
  years: 'Years',
};

const STACK_NAMES: Record<ExploreStack, string> = {
  stacked: 'Stacked',
  grouped: 'Side by side',
};

const explorable = (attribute: PickerAttribute) => isExplorable(attribute);

/** Attributes that can split the bars of a chart counting `count`. */
const stackableFor = (count: Level | undefined) => (attribute: PickerAttribute) =>
  isStackable(attribute) && count !== undefined && countedLevels(attribute.level).includes(count);

interface ExploreBuilderProps {
  lookup: ReturnType<typeof pickerResolver> | undefined;
  spec: ExploreSpec | undefined;
  problems: readonly ExploreProblem[];
}

/**
 * The explorer's controls: the attribute (the query builder's picker), what is counted, how values
 * are grouped and its numbers, and the attribute stacking the years. Every choice is written to the
 * URL, which the page draws from; numbers are applied together, so that a half-typed bin is not sent.
 */
export function ExploreBuilder({ lookup, problems }: ExploreBuilderProps) {
  const [params, setParams] = useSearchParams();
  const update = (changes: Parameters<typeof withExplore>[1]) => setParams(withExplore(params, changes));
  const own = exploreParamsOf(params);
  const picked = lookup?.picker(own.get('attribute') ?? '');
  const count = (own.get('count') ?? picked?.level) as Level | undefined;
  const dimensions = picked ? dimensionsOf(picked.type) : [];
  const dimension = (own.get('dimension') ?? dimensions[0]) as ExploreDimension | undefined;
  const stackable = stackableFor(count);
  const by = lookup?.picker(own.get('by') ?? '');
  // No Other bar on bars split by a second attribute, nor counted above the attribute's level.
  const countable = picked !== undefined && count !== undefined && otherCountable(picked.level, count) && !by;

  const applyNumbers = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => (form.has(name) ? String(form.get(name)).trim() : undefined);
    update(
      dimension === 'terms'
        ? { top: value('top') }
        : { start: value('start'), step: value('step'), end: value('end') },
    );
  };

  // Without scripts, each row of menus is a form sent by GET with the rest of the address, read by
  // the server as the choice it means (`chosenExplore`); with scripts, each menu applies at once.
  const carried = (sent: readonly string[]) =>
    [...withExplore(params, {})]
      .filter(([name]) => !sent.includes(name) && name !== PREVIOUS_PARAM)
      .map(([name, value], i) => <input key={`${name}-${i}`} type="hidden" name={name} value={value} />);
  const sendsItself = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  const previous = picked && <input type="hidden" name={PREVIOUS_PARAM} value={picked.path} />;
  const unstacked = withExplore(params, { by: undefined, stack: undefined }).toString();

  return (
    <section className="ps-explore" aria-label="Chart builder" data-testid="explore-builder">
      <form method="get" className="ps-explore-row" onSubmit={sendsItself} data-testid="explore-choice">
        {carried(['attribute', 'count', 'dimension'])}
        {previous}
        <div className="ps-explore-attribute">
          <AttributePicker
            key={picked?.path ?? ''}
            value={picked}
            filter={explorable}
            onPick={(attribute) =>
              update({
                attribute: attribute.path,
                count: attribute.level,
                ...dimensionDefaults(dimensionsOf(attribute.type)[0]!),
              })
            }
          />
          <NoScriptPicker label="Attribute" name="attribute" value={picked} filter={explorable} />
        </div>
        {picked && (
          <label className="ps-qb-field ps-explore-choice">
            <span className="ps-qb-label">Count</span>
            <select
              className="ps-qb-input"
              name="count"
              data-testid="explore-count"
              value={count}
              onChange={(event) => update({ count: event.target.value, by: undefined, stack: undefined })}
            >
              {countedLevels(picked.level).map((level) => (
                <option key={level} value={level}>
                  {countedName(level)}
                </option>
              ))}
            </select>
          </label>
        )}
        {picked && (
          <label className="ps-qb-field ps-explore-choice">
            <span className="ps-qb-label">Group by</span>
            <select
              className="ps-qb-input"
              name="dimension"
              data-testid="explore-dimension"
              value={dimension}
              disabled={dimensions.length < 2}
              onChange={(event) => update(dimensionDefaults(event.target.value as ExploreDimension))}
            >
              {dimensions.map((d) => (
                <option key={d} value={d}>
                  {DIMENSION_NAMES[d]}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="submit" className="ps-button ps-apply">
          Show
        </button>
      </form>
      {picked && (dimension === 'terms' || dimension === 'bins') && (
        // Remounted with the URL, so that the boxes show what is drawn after Back or a new attribute.
        <form
          method="get"
          className="ps-explore-row"
          key={own.toString()}
          onSubmit={applyNumbers}
          data-testid="explore-numbers"
        >
          {/* Without scripts the form is sent as it is: the rest of the address goes with its boxes
              (else Apply would lose the attribute and open the landing). */}
          {[...params]
            .filter(([name]) => !(dimension === 'terms' ? ['top'] : ['start', 'step', 'end']).includes(name))
            .map(([name, value], i) => (
              <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
            ))}
          {dimension === 'terms' ? (
            <label className="ps-qb-field">
              <span className="ps-qb-label">
                Values shown <span className="ps-explore-range">(1–{MAX_TOP})</span>
              </span>
              <input
                className="ps-qb-input"
                name="top"
                inputMode="numeric"
                defaultValue={own.get('top') ?? DEFAULT_TOP}
              />
            </label>
          ) : (
            (['start', 'step', 'end'] as const).map((name) => (
              <label className="ps-qb-field" key={name}>
                <span className="ps-qb-label">
                  {name === 'start' ? 'From' : name === 'step' ? 'Step' : 'To'}
                </span>
                <input
                  className="ps-qb-input"
                  name={name}
                  inputMode="decimal"
                  defaultValue={own.get(name) ?? ''}
                />
              </label>
            ))
          )}
          <button type="submit" className="ps-button">
            Apply
          </button>
          {dimension === 'terms' && (
            // Applied at once, as a view switch; only "off" is written (the bar is on by default).
            <label
              className="ps-switch"
              title={
                countable
                  ? 'A last bar: the objects with a value, but none of those shown'
                  : by
                    ? 'Not drawn on bars split by a second attribute'
                    : `Counted by their own level only: count ${countedName(picked.level)} for an Other bar`
              }
            >
              <input
                type="checkbox"
                role="switch"
                data-testid="explore-other"
                disabled={!countable}
                checked={countable && own.get('other') !== 'off'}
                // Drawn at once, not in a transition: a switch flipped must not flip back while the page catches up.
                onChange={(event) =>
                  setParams(withExplore(params, { other: event.target.checked ? undefined : 'off' }), {
                    flushSync: true,
                  })
                }
              />
              Other bar
            </label>
          )}
          {dimension === 'bins' && (
            <span className="ps-hint">Open bins below From and from To up; at most {MAX_BINS} bins.</span>
          )}
        </form>
      )}
      {picked && dimension && (
        <form method="get" className="ps-explore-row" onSubmit={sendsItself} data-testid="explore-stacking">
          {carried(['by', 'stack'])}
          {previous}
          <div className="ps-explore-attribute">
            <AttributePicker
              key={`by:${by?.path ?? ''}:${count ?? ''}`}
              label="Stack by (optional)"
              value={by}
              filter={stackable}
              onPick={(attribute) =>
                update({
                  by: attribute.path,
                  ...(dimension !== 'years' && { stack: own.get('stack') ?? 'stacked' }),
                })
              }
            />
            <NoScriptPicker label="Stack by (optional)" name="by" value={by} filter={stackable} none="None" />
          </div>
          {by && dimension !== 'years' && (
            <label className="ps-qb-field">
              <span className="ps-qb-label">Segments</span>
              <select
                className="ps-qb-input"
                name="stack"
                data-testid="explore-stack"
                value={own.get('stack') ?? 'stacked'}
                onChange={(event) => update({ stack: event.target.value })}
              >
                {EXPLORE_STACKS.map((stack) => (
                  <option key={stack} value={stack}>
                    {STACK_NAMES[stack]}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="submit" className="ps-button ps-apply">
            Show
          </button>
          {by && (
            // A link, so that it works without scripts too.
            <Link to={`?${unstacked}`} className="ps-button">
              No stacking
            </Link>
          )}
        </form>
      )}
      {problems.length > 0 && (
        <ul className="ps-explore-problems" role="alert" data-testid="explore-problems">
          {problems.map((problem) => (
            <li key={problem.param}>
              <code>{problem.param}</code>: {problem.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
