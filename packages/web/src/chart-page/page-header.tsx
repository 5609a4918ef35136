import { countNoun, type ChartDefinition } from '@pdb-stats/charts';
import type { ReactNode } from 'react';
import { formatNumber } from '../charts/format.ts';
import { DrillBreadcrumb } from './drill-breadcrumb.tsx';
import { Unbroken } from './unbroken.tsx';
import type { PageData } from './use-page-data.ts';
import type { PageState } from './use-page-state.ts';

export interface PageHeaderProps {
  definition: ChartDefinition;
  page: PageState;
  data: PageData;
  /** The controls that lead on a wide screen. */
  controls: ReactNode;
}

/** A chart page's header: the level's trail, the title, what keeps a level from being drawn, the subtitle. */
export function PageHeader({ definition, page, data, controls }: PageHeaderProps) {
  const { resolved, parentProblem, levelHref } = page;
  const { level, title, levelProblem, subtitle, levelSearch } = data;
  return (
    <header className="ps-plot-header">
      {definition.hierarchy && resolved.parent !== undefined && (
        <DrillBreadcrumb
          hierarchy={definition.hierarchy}
          parent={resolved.parent}
          names={level?.names}
          hrefOf={levelHref}
        />
      )}
      <h1>
        <Unbroken text={title} />
      </h1>
      {parentProblem && (
        <p className="ps-scope-blocked" role="alert" data-testid="parent-problem">
          The level in the address cannot be drawn (parent: {parentProblem}); the top level is shown.
        </p>
      )}
      {levelProblem && (
        <p className="ps-scope-blocked" role="alert" data-testid="parent-problem">
          The level in the address cannot be drawn (parent: {levelProblem}).
        </p>
      )}
      {subtitle && (
        <p className="ps-chart-subtitle" data-testid="chart-subtitle">
          <Unbroken text={subtitle} />
        </p>
      )}
      {levelSearch && (
        // The class drawn is itself a search: its objects, one click away (its bars open below).
        <p className="ps-level-search">
          <a href={levelSearch.href} data-testid="level-search">
            See the {formatNumber(levelSearch.count)} {countNoun(levelSearch.returnType, levelSearch.count)}{' '}
            of {levelSearch.name}
          </a>
        </p>
      )}
      {controls}
    </header>
  );
}
