import { parentPort, workerData } from 'node:worker_threads';
import { IMPORT_ATTRIBUTES } from './attributes.ts';
import { loadParsers, parseFile, type ParseTask } from './parse-file.ts';

/**
 * A parsing thread of the import (see pool.ts): receives `{ id, task }`, answers `{ id, outcome }`.
 */
const { parserModule } = workerData as { parserModule: string };
const port = parentPort;
if (!port) throw new Error('worker.ts runs only as a worker thread');
const parsers = await loadParsers(parserModule);
port.on('message', (message: { id: number; task: ParseTask }) => {
  void parseFile(message.task, parsers, IMPORT_ATTRIBUTES).then((outcome) =>
    port.postMessage({ id: message.id, outcome }),
  );
});
port.postMessage({ ready: true });
