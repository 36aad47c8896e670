#!/usr/bin/env python3
"""pgBackRest's state for Prometheus (decision 429), in node-exporter's textfile format.

Run it as postgres every 5 minutes on a database machine (docs/operations.md, "Monitoring"):

    pgbackrest-metrics.py --stanza=colorplay --out=/var/lib/prometheus/node-exporter/pgbackrest.prom

It writes, from `pgbackrest info --output=json`, when the last backup of each type finished, and,
from the primary's pg_stat_archiver (psql with the usual PGHOST/PGPORT/PGUSER), when the last WAL
segment was archived. The file is replaced in one rename, so a scrape never sees half of it.
Python because Patroni's machines have it; nothing beyond the standard library.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument('--stanza', required=True)
    parser.add_argument('--out', required=True)
    parser.add_argument('--config', help="pgBackRest's configuration file, when not the default")
    parser.add_argument('--pgbackrest', default='pgbackrest')
    args = parser.parse_args()

    command = [args.pgbackrest, f'--stanza={args.stanza}', '--output=json', 'info']
    if args.config:
        command.insert(1, f'--config={args.config}')
    info = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    lines = [
        '# HELP pgbackrest_backup_last_completed_timestamp_seconds When the last pgBackRest backup of this type finished.',
        '# TYPE pgbackrest_backup_last_completed_timestamp_seconds gauge',
    ]
    last = {}
    for stanza in info:
        for backup in stanza.get('backup', []):
            kind = backup['type']
            last[kind] = max(last.get(kind, 0), backup['timestamp']['stop'])
    for kind, stop in sorted(last.items()):
        lines.append(f'pgbackrest_backup_last_completed_timestamp_seconds{{stanza="{args.stanza}",type="{kind}"}} {stop}')

    # Only the primary archives; on a replica the query returns no row and the metric is left out.
    archived = subprocess.run(
        ['psql', '-XAt', '-d', 'postgres', '-c',
         'SELECT extract(epoch FROM last_archived_time)::bigint FROM pg_stat_archiver WHERE NOT pg_is_in_recovery() AND last_archived_time IS NOT NULL'],
        capture_output=True, text=True,
    )
    if archived.returncode == 0 and archived.stdout.strip():
        lines += [
            '# HELP pgbackrest_wal_archive_last_timestamp_seconds When the primary last archived a WAL segment.',
            '# TYPE pgbackrest_wal_archive_last_timestamp_seconds gauge',
            f'pgbackrest_wal_archive_last_timestamp_seconds{{stanza="{args.stanza}"}} {archived.stdout.strip()}',
        ]
    elif archived.returncode != 0:
        print(f'pg_stat_archiver not read: {archived.stderr.strip()}', file=sys.stderr)

    folder = os.path.dirname(os.path.abspath(args.out))
    with tempfile.NamedTemporaryFile('w', dir=folder, delete=False, suffix='.tmp') as tmp:
        tmp.write('\n'.join(lines) + '\n')
    os.chmod(tmp.name, 0o644)
    os.replace(tmp.name, args.out)
    return 0


if __name__ == '__main__':
    sys.exit(main())
