/**
 * A jest reporter for `npm test`'s lanes: the CPU seconds each suite cost, counted over the lane's whole process
 * tree (jest, the test servers, embedded PostgreSQL and its backends, Chromium), read from /proc when a suite starts
 * and when it ends. The run is CPU-bound (ADR 046), so this, not a suite's wall time, says where to cut. Written to
 * the file named by STORE_TEST_CPU_REPORT as JSON lines; silent where /proc is missing.
 */
const { appendFileSync, readdirSync, readFileSync } = require('node:fs');

const TICKS_PER_SECOND = 100;

/** utime + stime (and, for the root, what its reaped children used) of every process under `root`, in seconds. */
function treeCpuSeconds(root) {
  const parentOf = new Map();
  const ticks = new Map();
  let pids;
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // The command name is in parentheses and may hold spaces: the fields after its closing one are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parentOf.set(Number(pid), Number(fields[1]));
    // utime, stime, cutime, cstime: fields 14-17 of stat, 11-14 after the name. Reaped children count in their
    // parent's cutime/cstime, so a process that ended inside the tree is still counted.
    ticks.set(Number(pid), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
  }
  let total = 0;
  for (const [pid, own] of ticks) {
    for (let at = pid; at > 1; at = parentOf.get(at) ?? 0) {
      if (at === root) {
        total += own;
        break;
      }
    }
  }
  return total / TICKS_PER_SECOND;
}

class CpuReporter {
  constructor() {
    this.file = process.env.STORE_TEST_CPU_REPORT;
    this.startedAt = new Map();
  }

  onTestFileStart(test) {
    if (this.file) this.startedAt.set(test.path, treeCpuSeconds(process.pid));
  }

  onTestFileResult(test) {
    if (!this.file) return;
    const before = this.startedAt.get(test.path);
    const after = treeCpuSeconds(process.pid);
    if (before == null || after == null) return;
    appendFileSync(this.file, `${JSON.stringify({ file: test.path, cpuSeconds: Math.round((after - before) * 10) / 10 })}\n`);
  }
}

module.exports = CpuReporter;
