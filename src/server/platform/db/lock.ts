import fs from 'node:fs';
import path from 'node:path';
import { realNowMs } from '../dates';

export interface DirectoryLock {
  release(): void;
}

export class DirectoryLockedError extends Error {}

/**
 * PGlite must be opened by one process only: a second writer would corrupt the data directory.
 * The lock is a file created atomically (hard link) holding the owner's PID; a lock whose process is gone
 * (or is a zombie) is stale and taken over.
 */
export function acquireDirectoryLock(dataDir: string): DirectoryLock {
  const lockPath = path.join(dataDir, 'clinica.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // Write the PID to a private file, then hard-link it into place: link() fails if the lock exists,
      // and a reader never sees a lock file without its PID.
      const pending = `${lockPath}.${process.pid}.${realNowMs()}`;
      fs.writeFileSync(pending, String(process.pid));
      try {
        fs.linkSync(pending, lockPath);
      } finally {
        fs.rmSync(pending, { force: true });
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (ownerPid && ownerPid !== process.pid && isAlive(ownerPid)) {
        throw new DirectoryLockedError(
          `La base de datos de ${dataDir} ya está abierta por otro proceso (PID ${ownerPid}). ` +
            'Detén ese proceso o usa otro DATA_DIR.',
        );
      }
      if (ownerPid === process.pid) {
        throw new DirectoryLockedError(`La base de datos de ${dataDir} ya está abierta en este proceso.`);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DirectoryLockedError(`No se pudo bloquear la base de datos de ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process that its parent has not reaped yet (a zombie) still answers signal 0, but holds no
  // files any more: right after `kill -9`, a restart must not wait for the supervisor to collect it.
  return !isZombie(pid);
}

/** Whether the process is dead and waiting to be reaped (Linux `/proc`; elsewhere: not known, so no). */
function isZombie(pid: number): boolean {
  try {
    // `pid (comm) state …`: the name may hold spaces and parentheses, the state follows the last `) `.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(') ') + 2, stat.lastIndexOf(') ') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}
