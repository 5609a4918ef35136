import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ImportError } from './errors.ts';

/**
 * A lock file beside the snapshot, holding the importing process's id: two imports into one
 * snapshot (a weekly cron run overtaking a slow one) would write one cache and one folder at once.
 * A lock whose process is gone is taken over.
 */
export class ImportLock {
  private constructor(readonly path: string) {}

  /** Takes the lock; `busy` says what to tell when another live import holds it. */
  static async acquire(path: string, busy: (pid: number) => Error): Promise<ImportLock> {
    await mkdir(dirname(path), { recursive: true });
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const handle = await open(path, 'wx');
        await handle.writeFile(`${process.pid}\n`);
        await handle.close();
        return new ImportLock(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const pid = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) throw busy(pid);
      await rm(path, { force: true });
    }
    throw busy(Number.NaN);
  }

  release(): Promise<void> {
    return rm(this.path, { force: true });
  }
}

/** The lock of the snapshot `outDir`: one import at a time writes it (and its caches). */
export function lockSnapshot(outDir: string): Promise<ImportLock> {
  return ImportLock.acquire(
    `${outDir}.import-lock`,
    (pid) =>
      new ImportError(
        `another import (process ${pid}) is writing ${outDir}; wait for it to end, or remove ${outDir}.import-lock if that process is gone`,
      ),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
