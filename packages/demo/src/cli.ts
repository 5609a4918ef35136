import { resolve } from 'node:path';
import { CliError, parseArguments, USAGE } from './cli-args.ts';
import { generateDemoArchive } from './demo-archive.ts';

/** `npm run demo -- --entries N --out DIR [--seed S] [--archive-date YYYY-MM-DD]` */
async function main(): Promise<number> {
  let options;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(`demo: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const outDir = resolve(options.outDir);
  const started = Date.now();
  console.log(`Generating a demo archive of ${options.entries.toLocaleString('en-US')} entries in ${outDir}`);
  const manifest = await generateDemoArchive({
    entries: options.entries,
    outDir,
    ...(options.seed !== undefined && { seed: options.seed }),
    ...(options.archiveDate !== undefined && { archiveDate: options.archiveDate }),
    onProgress: (message) => console.log(`  ${message}`),
  });
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${manifest.seed}, archive date ${manifest.archive_date}):`,
  );
  for (const [level, count] of Object.entries(manifest.counts)) {
    console.log(`  ${level.padEnd(20)} ${count.toLocaleString('en-US').padStart(12)}`);
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
