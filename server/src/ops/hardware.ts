import type { ResourceDirectory, StoredRow } from '../engine/declaration';
import { ASSET } from '../resources/assets/node-store';
import { assetSshTarget } from '../resources/asset-access/ssh-targets';
import { sshFailureOf, withSsh } from '../ssh/ssh-client';
import { opsMessage } from './messages';
import type { RunHandle, RunOutcome } from './task-runner';

/**
 * "Refresh hardware" (docs/ssh.md#tasks): logs in to each asset as its admin user and reads vendor, model,
 * serial, CPU, memory, disks and OS from the host with one read-only shell command, then stores them on the
 * asset. Values a host does not expose (a serial without DMI) stay empty.
 */
const SCRIPT = [
  'dmi() { cat /sys/class/dmi/id/$1 2>/dev/null | head -n1; }',
  'echo "vendor=$(dmi sys_vendor)"',
  'echo "model=$(dmi product_name)"',
  'echo "sn=$(dmi product_serial)"',
  `echo "cpu_model=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"`,
  `echo "cpu_count=$(grep 'physical id' /proc/cpuinfo | sort -u | wc -l)"`,
  `echo "cpu_cores=$(grep -m1 'cpu cores' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')"`,
  `echo "cpu_vcpus=$(grep -c '^processor' /proc/cpuinfo)"`,
  `echo "memory_kb=$(grep MemTotal /proc/meminfo | tr -s ' ' | cut -d' ' -f2)"`,
  `echo "disks=$(for d in /sys/block/*; do n=\${d##*/}; case $n in loop*|ram*|zram*|sr*|dm-*) continue;; esac; echo -n "$n:$(cat $d/size 2>/dev/null);"; done)"`,
  `echo "os=$(. /etc/os-release 2>/dev/null; echo "$NAME")"`,
  `echo "os_version=$(. /etc/os-release 2>/dev/null; echo "$VERSION_ID")"`,
  'echo "os_arch=$(uname -m)"',
  'echo "hostname_raw=$(hostname)"',
].join('\n');

const gigabytes = (bytes: number): string => `${(bytes / 1024 ** 3).toFixed(2)} G`;

/** The asset columns from the script's `key=value` lines (lengths as the asset declares them). */
export function hardwareColumns(output: string): StoredRow {
  const values = new Map<string, string>();
  for (const line of output.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) values.set(line.slice(0, at), line.slice(at + 1).trim());
  }
  const text = (key: string, max: number): string | null => {
    const value = values.get(key) ?? '';
    return value === '' ? null : value.slice(0, max);
  };
  const int = (key: string): number | null => {
    const value = Number(values.get(key));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  const disks: Record<string, string> = {};
  let total = 0;
  for (const entry of (values.get('disks') ?? '').split(';')) {
    const [name, sectors] = entry.split(':');
    const bytes = Number(sectors) * 512;
    if (name && bytes > 0) {
      disks[name] = gigabytes(bytes).replace(' G', ' GB');
      total += bytes;
    }
  }
  const memoryKb = Number(values.get('memory_kb'));
  return {
    vendor: text('vendor', 64),
    model: text('model', 54),
    sn: text('sn', 128),
    cpu_model: text('cpu_model', 64),
    cpu_count: int('cpu_count') ?? (int('cpu_vcpus') ? 1 : null),
    cpu_cores: int('cpu_cores'),
    cpu_vcpus: int('cpu_vcpus'),
    memory: memoryKb > 0 ? gigabytes(memoryKb * 1024) : null,
    disk_info: Object.keys(disks).length ? JSON.stringify(disks).slice(0, 1024) : null,
    disk_total: total > 0 ? gigabytes(total) : null,
    os: text('os', 128),
    os_version: text('os_version', 16),
    os_arch: text('os_arch', 16),
    hostname_raw: text('hostname_raw', 128),
  };
}

/** The work of one hardware run over `assets` (active ones), one at a time per host. */
export function hardwareWork(
  resources: ResourceDirectory,
  assets: readonly StoredRow[],
): (run: RunHandle) => Promise<RunOutcome> {
  return async (run) => {
    const outcome: RunOutcome = { contacted: [], dark: {} };
    const assetAccess = resources.get(ASSET);
    for (const asset of assets) {
      const host = String(asset.hostname ?? '');
      const address = `${String(asset.ip ?? '')}`;
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      const target = await assetSshTarget(resources, asset);
      if (!target) {
        const reason = opsMessage('refreshNeedsAdminUser', run.language);
        outcome.dark[host] = reason;
        run.log(opsMessage('logHostFailed', run.language, { host, address, ms: 0, reason }));
        continue;
      }
      try {
        const result = await withSsh(target, (session) => session.exec(SCRIPT), { signal: run.signal });
        const columns = hardwareColumns(result.stdout);
        await assetAccess.setColumns(String(asset.id), columns);
        outcome.contacted.push(host);
        run.log(opsMessage('logHostOk', run.language, { host, address, ms: ms() }));
        run.log(
          opsMessage('logHardware', run.language, {
            host,
            vendor: String(columns.vendor ?? '-'),
            model: String(columns.model ?? ''),
            cpu: `${String(columns.cpu_vcpus ?? '-')} × ${String(columns.cpu_model ?? '')}`,
            memory: String(columns.memory ?? '-'),
            disk: String(columns.disk_total ?? '-'),
            os: String(columns.os ?? '-'),
            version: String(columns.os_version ?? ''),
            arch: String(columns.os_arch ?? ''),
          }),
        );
      } catch (error) {
        const reason = sshFailureOf(error).text(run.language);
        outcome.dark[host] = reason;
        run.log(opsMessage('logHostFailed', run.language, { host, address, ms: ms(), reason }));
      }
    }
    return outcome;
  };
}
