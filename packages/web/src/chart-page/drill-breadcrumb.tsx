import type { ChartHierarchy } from '@pdb-stats/charts';
import { Link } from '../routing/navigation.tsx';

export interface DrillBreadcrumbProps {
  hierarchy: ChartHierarchy;
  /** The class whose level below is drawn. */
  parent: string;
  /** Names of the classes by identifier, from the level's answer (`DistributionData.names`). */
  names?: Readonly<Record<string, string>>;
  /** The page's address with the level below `parent` (undefined: the top level) opened. */
  hrefOf: (parent: string | undefined) => string;
}

/**
 * Where a drilled-down chart is: the top level, then each class down to the one drawn, every one
 * above the current level a link back to its level (a history entry, so Back returns here).
 */
export function DrillBreadcrumb({ hierarchy, parent, names, hrefOf }: DrillBreadcrumbProps) {
  const trail = hierarchy.trail(parent, names);
  const steps = [{ value: undefined, label: hierarchy.topLabel }, ...trail];
  return (
    <nav className="ps-drill-trail" aria-label="Level" data-testid="drill-trail">
      <ol>
        {steps.map((step, i) => (
          <li key={step.value ?? ''}>
            {i === steps.length - 1 ? (
              <span aria-current="page">{step.label}</span>
            ) : (
              <Link to={hrefOf(step.value)}>{step.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
