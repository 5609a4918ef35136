import { toDistributionData, toGrowthData, type GrowthQuery, type ResolvedChart } from '@pdb-stats/charts';
import { useQuery } from '@tanstack/react-query';
import { chartDataQuery } from '../api/queries.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { useHeldAttributes } from '../archive-coverage/use-held-attributes.ts';
import { Link } from '../routing/navigation.tsx';
import { heldExamples, type ExploreExample } from './explore-examples.ts';
import { px } from '../charts/svg-number.ts';

/** The values of a chart's bars in their order: a year's total of every series, or each bar's count. */
function barValues(chart: ResolvedChart, answer: Parameters<typeof toGrowthData>[0]): number[] {
  if (chart.kind === 'growth') {
    const growth = toGrowthData(answer, chart.query as GrowthQuery);
    return growth.years.map((_, i) => growth.series.reduce((sum, s) => sum + (s.annual[i] ?? 0), 0));
  }
  if (chart.kind === 'distribution') return toDistributionData(answer, chart.query).bars.map((b) => b.value);
  return [];
}

/** A small drawing of a chart's bars, drawn by the server with the page: the shape, not the figures. */
function Thumbnail({ values }: { values: readonly number[] }) {
  const max = Math.max(1, ...values);
  const width = 120;
  const height = 48;
  const slot = width / Math.max(1, values.length);
  return (
    <svg
      className="ps-example-thumbnail"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      {values.map((value, i) => {
        const h = value > 0 ? px(Math.max(1, (value / max) * height)) : 0;
        return (
          <rect key={i} x={px(i * slot + slot * 0.1)} y={px(height - h)} width={px(slot * 0.8)} height={h} />
        );
      })}
    </svg>
  );
}

function ExampleCard({ example, chart }: { example: ExploreExample; chart: ResolvedChart }) {
  const { config } = useDataQuery();
  const answer = useQuery(chartDataQuery(config.sierraConfig.searchApiUrl, chart));
  const values = answer.data ? barValues(chart, answer.data.response) : undefined;
  return (
    <li className="ps-example" data-testid="explore-example">
      <Link to={`?${example.params}`} className="ps-example-link">
        <span className="ps-example-title">{example.title}</span>
        {values ? (
          <Thumbnail values={values} />
        ) : (
          <span className="ps-example-thumbnail" aria-hidden="true" />
        )}
        <span className="ps-example-sentence">{example.sentence}</span>
      </Link>
    </li>
  );
}

/**
 * The explorer before an attribute is chosen: what it does, and charts to start from, drawn with
 * the page (by the server when it renders it), each a link to its whole address. Examples whose
 * attributes the archive does not hold are left out.
 */
export function ExploreLanding() {
  const held = useHeldAttributes();
  const examples = held ? heldExamples(held) : [];
  return (
    <section className="ps-explore-landing" aria-labelledby="explore-heading" data-testid="explore-landing">
      <h1 id="explore-heading">Explore the archive</h1>
      <p className="ps-explore-start" data-testid="explore-start">
        Chart any attribute of the archive: the number of entries (or entities, instances, assemblies,
        chemical components) for each of its values, bins or years. Choose an attribute above, or start from
        one of these.
      </p>
      <ul className="ps-examples">
        {examples.map(({ example, chart }) => (
          <ExampleCard key={example.params} example={example} chart={chart} />
        ))}
      </ul>
    </section>
  );
}
