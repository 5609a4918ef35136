import { resolve } from 'node:path';
// The command line tells the importers which charts the dashboard has; the importers never load them.
import { chartNeeds } from '@pdb-stats/charts';
import { IMPORT_USAGE, ImportCliError, parseImportArguments } from './cli-args.ts';
import { compareSnapshots, formatComparison } from './compare.ts';
import { ImportAbortedError, importMmcif, type ImportEvent } from './pipeline.ts';
import { ProgressReporter } from './progress.ts';
import { importRcsbApi } from './rcsb-api/pipeline.ts';
import { formatRcsbApiSummary } from './rcsb-api/summary.ts';
import { formatSummary } from './summary.ts';

/** `npm run import -- mmcif|rcsb-api|compare ...`: see IMPORT_USAGE. */
async function main(): Promise<number> {
  let options;
  try {
    options = parseImportArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ImportCliError)) throw error;
    console.error(`import: ${error.message}\n\n${IMPORT_USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(IMPORT_USAGE);
    return 0;
  }
  if (options.source === 'compare') {
    const report = await compareSnapshots(options.a, options.b, {
      ...(options.examples !== undefined && { examples: options.examples }),
    });
    console.log(
      options.json
        ? JSON.stringify(report, null, 2)
        : formatComparison(report, { a: options.a, b: options.b }),
    );
    return 0;
  }
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    console.error('\nimport: interrupted, cleaning up (press Ctrl-C again to quit at once)');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const progress = new ProgressReporter({
    tty: Boolean(process.stderr.isTTY),
    write: (text) => process.stderr.write(text),
  });
  const onEvent = (event: ImportEvent) => {
    if (event.type === 'progress') progress.update(event);
    else {
      progress.interrupt();
      if (event.type === 'bad-file') console.error(`skipped ${event.file}: ${event.reason}`);
      else console.error(event.message);
    }
  };
  try {
    const common = {
      outDir: resolve(options.outDir),
      charts: chartNeeds(),
      signal: controller.signal,
      onEvent,
    };
    const report =
      options.source === 'mmcif'
        ? formatSummary(await importMmcif({ ...options, ...common }))
        : formatRcsbApiSummary(await importRcsbApi({ ...options, ...common }));
    progress.finish();
    console.log(report);
    return 0;
  } catch (error) {
    progress.interrupt();
    if (error instanceof ImportAbortedError) {
      console.error(`import: ${error.message}`);
      return 130;
    }
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`import: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
