import { cpus, release, totalmem, type as osType } from 'node:os';

/** What a figure was measured on, stored with every result. */
export function machine(postgres: string) {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${osType()} ${release()}`,
    node: process.version,
    postgres,
  };
}
