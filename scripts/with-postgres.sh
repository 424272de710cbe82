#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL 15 cluster: initdb in a temporary directory,
# start it on 127.0.0.1 (port PGPORT, default 55439), export DATABASE_URL, run the command,
# stop the cluster and delete it on exit, whatever happens.
#   scripts/with-postgres.sh npm test
# Needs Debian's postgresql-15 (binaries in /usr/lib/postgresql/15/bin, a `postgres` user).
# As root it runs the server as `postgres`; as another user it runs it as that user.
set -euo pipefail
BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
PORT="${PGPORT:-55439}"
if [ ! -x "$BIN/initdb" ]; then
  echo "with-postgres: no PostgreSQL 15 at $BIN (apt-get install -y postgresql-15, or set PG_BIN)" >&2
  exit 1
fi
DIR="$(mktemp -d /tmp/fsr-pg.XXXXXX)"
as_pg() {
  if [ "$(id -u)" = "0" ]; then su postgres -c "$*"; else bash -c "$*"; fi
}
[ "$(id -u)" = "0" ] && chown postgres "$DIR"
cleanup() {
  as_pg "'$BIN/pg_ctl' -D '$DIR' -m immediate -w stop" >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
as_pg "'$BIN/initdb' -D '$DIR' -A trust -U postgres" >/dev/null
as_pg "'$BIN/pg_ctl' -D '$DIR' -l '$DIR/log' -o \"-p $PORT -k '$DIR' -c listen_addresses=127.0.0.1 -c max_connections=200\" -w start" >/dev/null
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL on 127.0.0.1:$PORT (DATABASE_URL=$DATABASE_URL)"
"$@"
