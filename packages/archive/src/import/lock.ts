import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
