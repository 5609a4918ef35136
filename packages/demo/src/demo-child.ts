import { runDemoTask, type DemoTask } from './demo-task.ts';

/**
 * Entry point of a generator child process (see demo-archive.ts): the task comes as JSON in argv,
 * progress and the final counts go back over the IPC channel.
 */
const send = (message: object) => process.send?.(message);

async function main(): Promise<void> {
  const task = JSON.parse(process.argv[2] as string) as DemoTask;
  const counts = await runDemoTask(task, (message) => send({ type: 'progress', message }));
  send({ type: 'done', counts });
}

main().then(
  () => process.disconnect?.(),
  (error: unknown) => {
    send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exitCode = 1;
    process.disconnect?.();
  },
);
