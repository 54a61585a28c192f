import { execFileSync } from 'node:child_process';

/** Whether `command` is on PATH and runs: it is started with `versionArgs` (its version flag) and its output dropped. */
export function commandRuns(command: string, versionArgs: string[]): boolean {
  try {
    execFileSync(command, versionArgs, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
