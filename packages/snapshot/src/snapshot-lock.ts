import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * A lock file beside the snapshot, holding the writing process's id: two writers of one snapshot (a
 * weekly cron run overtaking a slow one) would write one cache and one folder at once, and leftovers
 * are removed only by the holder. A lock whose process is gone is taken over.
 */
export class SnapshotLock {
  private constructor(readonly path: string) {}

  /** Takes the lock; `busy` says what to tell when another live process holds it. */
  static async acquire(path: string, busy: (pid: number) => Error): Promise<SnapshotLock> {
    await mkdir(dirname(path), { recursive: true });
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const handle = await open(path, 'wx');
        await handle.writeFile(`${process.pid}\n`);
        await handle.close();
        return new SnapshotLock(path);
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

/** The lock file of the snapshot `outDir` (named as before, so that a running older import is seen). */
export const lockFileOf = (outDir: string) => `${outDir}.import-lock`;

/** The message a second writer of `outDir` gets. */
export function busyMessage(outDir: string, pid: number): string {
  return `another import (process ${pid}) is writing ${outDir}; wait for it to end, or remove ${lockFileOf(outDir)} if that process is gone`;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
