import type { EntryContext } from './entry-rules.ts';
import type { Facts } from './facts.ts';

const INFO = 'rcsb_entry_info';

/**
 * PDB-IHM flags: several states modelled (ihm_multi_state_modeling lists more than one), states in an
 * order (ihm_ordered_ensemble or ihm_ordered_model present), and several scales (the model
 * representation mixes granularities, e.g. atoms and coarse-grained beads).
 */
export function ihmFlags(ctx: EntryContext, facts: Facts): void {
  const flag = (on: boolean) => (on ? 'Y' : 'N');
  const granularities = new Set(ctx.block.texts('ihm_model_representation_details', 'model_granularity'));
  granularities.delete(undefined);
  facts.setAll(INFO, {
    ihm_multi_state_flag: flag(ctx.block.rowCount('ihm_multi_state_modeling') > 1),
    ihm_ordered_state_flag: flag(ctx.block.has('ihm_ordered_ensemble') || ctx.block.has('ihm_ordered_model')),
    ihm_multi_scale_flag: flag(granularities.size > 1),
  });
}

/** PDB-IHM: the kinds of input data (ihm_dataset_list.data_type), each with how many datasets. */
export function ihmDatasets(ctx: EntryContext, facts: Facts): void {
  const counts = new Map<string, number>();
  for (const type of ctx.block.texts('ihm_dataset_list', 'data_type'))
    if (type !== undefined) counts.set(type, (counts.get(type) ?? 0) + 1);
  facts.add(
    'rcsb_ihm_dataset_list',
    [...counts].map(([name, count]) => ({ name, count })),
  );
  const references = ctx.block
    .records('ihm_dataset_related_db_reference')
    .map((r) => ({ db_name: r.db_name, accession_code: r.accession_code }));
  facts.add('rcsb_ihm_dataset_source_db_reference', references);
}

/**
 * Computed models: the global quality scores (ma_qa_metric_global, named and typed by ma_qa_metric)
 * and the database the model comes from (the database_2 row other than RCSB's own).
 */
export function computedModel(ctx: EntryContext, facts: Facts): void {
  const metrics = new Map(ctx.block.records('ma_qa_metric').map((m) => [m.id, m]));
  const scores = ctx.block.records('ma_qa_metric_global').map((score) => {
    const metric = metrics.get(score.metric_id) ?? {};
    return {
      model_id: score.model_id,
      type: metric.type,
      name: metric.name,
      description: metric.description,
      value: score.metric_value,
    };
  });
  facts.add('rcsb_ma_qa_metric_global.ma_qa_metric_global', scores);
  const modelIds = [...new Set(scores.map((s) => s.model_id))];
  facts.add(
    'rcsb_ma_qa_metric_global',
    modelIds.map((model_id) => ({ model_id })),
  );
  const source = ctx.block
    .records('database_2')
    .find((r) => r.database_id === 'AlphaFoldDB' || r.database_id === 'ModelArchive');
  const sourceDb = source?.database_id ?? (ctx.entryId.startsWith('AF_') ? 'AlphaFoldDB' : 'ModelArchive');
  facts.setAll('rcsb_comp_model_provenance', { entry_id: source?.database_code, source_db: sourceDb });
}
