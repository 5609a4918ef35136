import {
  CHART_LIST,
  DISPLAY_CATEGORIES,
  DISPLAY_SECTIONS,
  kindLabel,
  type ChartDefinition,
  chartPath,
} from '@pdb-stats/charts';
import { Link } from '../routing/navigation.tsx';
import { missingSentence } from '../archive-coverage/attribute-sources.ts';
import { NotHeldHint } from '../archive-coverage/not-held-hint.tsx';
import { useChartsMissing } from '../archive-coverage/use-held-attributes.ts';
import { useScopeSearch } from '../scope/use-scope.ts';

/**
 * Cards of charts by display section and display category, each card headed by its category text.
 * The links keep the page's scope, so a scoped visitor stays scoped while browsing charts.
 */
export function ChartDirectory({ charts = CHART_LIST }: { charts?: readonly ChartDefinition[] }) {
  const missing = useChartsMissing();
  const scope = useScopeSearch();
  return (
    <>
      {DISPLAY_SECTIONS.map((section) => {
        const inSection = charts.filter((c) => c.displaySection === section);
        if (inSection.length === 0) return null;
        return (
          <section key={section} className="ps-directory-section" aria-label={section}>
            <h2>{section}</h2>
            <div className="ps-cards">
              {DISPLAY_CATEGORIES.map((displayCategory) => {
                const group = inSection.filter((c) => c.displayCategory === displayCategory);
                if (group.length === 0) return null;
                return (
                  <div key={displayCategory} className="ps-card">
                    <h3 className="ps-card-header" title={displayCategory}>
                      {group[0]?.categoryText}
                    </h3>
                    <ul className="ps-card-list">
                      {group.map((chart) => (
                        <li key={chart.key}>
                          <Link
                            to={`${chartPath(chart)}${scope}`}
                            data-chart-link={chart.key}
                            {...(missing.has(chart.key) && {
                              className: 'ps-not-held',
                              title: missingSentence(missing.get(chart.key) ?? []),
                            })}
                          >
                            {chart.menuText}
                            {missing.has(chart.key) && <NotHeldHint />}
                          </Link>
                          <span className={`ps-badge ps-badge-${chart.kind}`}>{kindLabel(chart.kind)}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            </div>
          </section>
        );
      })}
    </>
  );
}
