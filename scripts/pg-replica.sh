#!/usr/bin/env bash
# A PostgreSQL primary and a streaming replica for tests and CI (docs/deploy.md, "Read replicas";
# decision 0050), from the server binaries on this machine (Debian's postgresql package:
# /usr/lib/postgresql/<version>/bin, or PG_BIN):
#
#   scripts/pg-replica.sh start <dir>   initdb a primary in <dir>/primary (wal_level=replica, trust
#                                       auth on 127.0.0.1), clone it with pg_basebackup -R into
#                                       <dir>/replica, start both, wait until the replica streams,
#                                       create the database `test`, print the URLs as shell lines
#   scripts/pg-replica.sh stop <dir>    stop both (fast shutdown); --remove also deletes <dir>
#   scripts/pg-replica.sh env <dir>     print the URLs again (DATABASE_URL=…, DATABASE_REPLICA_URLS=…)
#   scripts/pg-replica.sh async <dir>   make the running replica asynchronous (the primary's
#                                       commits stop waiting for it), e.g. before stopping it
#   scripts/pg-replica.sh available     exit 0 when the server binaries are here (3 when not)
#
# PRIMARY_PORT (default 55432) and REPLICA_PORT (55433) choose the ports. REPLICA_SYNC=remote_apply
# (the default) makes the primary's commits wait until the replica has applied them
# (synchronous_commit = remote_apply): a test client that writes and then reads through the
# replica sees its write, as the API suite's clients, which keep no cookies, expect.
# REPLICA_SYNC=off leaves the replica asynchronous, as most production replicas are. Data lives
# only as long as <dir>: fsync is off. PostgreSQL refuses to run as root; as root, the servers
# run as the `postgres` user (runuser), which must own <dir>.
set -euo pipefail

usage() {
  echo "usage: $0 start|stop|env|async <dir> [--remove] | $0 available" >&2
  exit 2
}
[ $# -ge 2 ] || [ "${1:-}" = available ] || usage
command="$1"
dir="${2:-}"
primary_port="${PRIMARY_PORT:-55432}"
replica_port="${REPLICA_PORT:-55433}"
sync="${REPLICA_SYNC:-remote_apply}"

pg_bin="${PG_BIN:-}"
if [ -z "$pg_bin" ]; then
  pg_bin="$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null |
    sort -V | tail -n 1)"
fi
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/pg_ctl" ]; then
  echo "$0: no PostgreSQL server binaries (set PG_BIN to the folder holding pg_ctl)" >&2
  exit 3
fi

# Runs a command as the owner of the clusters: `postgres` when we are root, else ourselves.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

urls() {
  echo "DATABASE_URL=postgres://postgres@127.0.0.1:${primary_port}/test"
  echo "DATABASE_REPLICA_URLS=postgres://postgres@127.0.0.1:${replica_port}/test"
}

psql_primary() {
  as_owner "$pg_bin/psql" -X -q -h 127.0.0.1 -p "$primary_port" -U postgres -d postgres -v ON_ERROR_STOP=1 "$@"
}

start() {
  if [ -e "$dir/primary" ]; then
    echo "$0: $dir/primary exists; stop and remove the old clusters first" >&2
    exit 1
  fi
  mkdir -p "$dir"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
  as_owner "$pg_bin/initdb" -D "$dir/primary" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
    >"$dir/initdb.log"
  # Appended settings win over the defaults above them. Sockets in <dir>: the Debian default
  # folder may not be writable here. The replica copies this file and overrides its port.
  cat >>"$dir/primary/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = ${primary_port}
unix_socket_directories = '${dir}'
max_connections = 300
wal_level = replica
max_wal_senders = 5
max_replication_slots = 5
hot_standby = on
hot_standby_feedback = on
fsync = off
full_page_writes = off
EOF
  as_owner "$pg_bin/pg_ctl" -D "$dir/primary" -l "$dir/primary.log" -w -t 60 start >/dev/null
  # -R writes primary_conninfo and standby.signal; -C -S keeps the WAL the replica still needs.
  as_owner "$pg_bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres \
    -D "$dir/replica" -R -X stream -C -S second_gear_replica
  cat >>"$dir/replica/postgresql.conf" <<EOF
port = ${replica_port}
cluster_name = 'second-gear-replica'
EOF
  as_owner "$pg_bin/pg_ctl" -D "$dir/replica" -l "$dir/replica.log" -w -t 60 start >/dev/null
  for _ in $(seq 1 100); do
    streaming="$(psql_primary -Atc "select count(*) from pg_stat_replication where state = 'streaming'")"
    [ "$streaming" = 1 ] && break
    sleep 0.1
  done
  if [ "$streaming" != 1 ]; then
    echo "$0: the replica did not start streaming; see $dir/replica.log" >&2
    exit 1
  fi
  if [ "$sync" != off ]; then
    psql_primary -c "alter system set synchronous_standby_names = '*'" \
      -c "alter system set synchronous_commit = '${sync}'" -c "select pg_reload_conf()" >/dev/null
  fi
  psql_primary -c 'create database test' >/dev/null
  urls
}

# The primary stops waiting for the replica: a synchronous replica that is down would hold every
# commit until it came back.
make_async() {
  psql_primary -c "alter system set synchronous_standby_names = ''" \
    -c "select pg_reload_conf()" >/dev/null
}

stop() {
  local status=0
  for cluster in replica primary; do
    if [ -f "$dir/$cluster/postmaster.pid" ]; then
      as_owner "$pg_bin/pg_ctl" -D "$dir/$cluster" -m fast -w -t 60 stop >/dev/null || status=1
    fi
  done
  if [ "${3:-}" = --remove ]; then rm -rf "$dir"; fi
  return "$status"
}

case "$command" in
  available) ;;
  start) start ;;
  stop) stop "$@" ;;
  env) urls ;;
  async) make_async ;;
  *) usage ;;
esac
