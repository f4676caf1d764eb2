#!/usr/bin/env bash
# The highly available setup of this folder on one machine, under one folder DIR:
#   deploy/ha/demo.sh DIR         start everything, print the URLs, stop it all on Ctrl-C
#   deploy/ha/demo.sh stop DIR    stop what a demo.sh DIR started (from another terminal)
# One etcd, two PostgreSQL 15 nodes run by Patroni (a primary and its synchronous standby),
# HAProxy in front of whichever node is the primary and of two `bourre serve` processes,
# pgBackRest archiving WAL into DIR/backups; `bourre migrate` runs once the primary is up.
#
# Needs Debian's postgresql-15, patroni, etcd-server, pgbackrest and haproxy, curl, and
# `bourre` on PATH (or BOURRE=/path/to/bourre). Ports are BOURRE_HA_PORT (15400) and the
# ten after it; DIR/ports.env lists them. As root, etcd, Patroni, PostgreSQL and pgBackRest
# run as the `postgres` system user (PostgreSQL refuses root), which then owns DIR.
set -euo pipefail
# A command that fails stops the demo: say which, so that no stop is silent.
trap 'status=$?; echo "demo.sh: line $LINENO failed (exit $status)" >&2' ERR

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

usage() {
    echo "usage: $0 DIR | $0 stop DIR" >&2
    exit 2
}

# Stops what the demo in `$1` started, newest first: SIGTERM to each program (Patroni stops
# its PostgreSQL itself), then SIGKILL to its process group after 20 s.
stop_all() {
    local dir="$1" name pid waited
    for name in api2 api1 haproxy node2 node1 etcd; do
        [ -f "$dir/run/$name.pid" ] || continue
        pid="$(cat "$dir/run/$name.pid")"
        kill -TERM "$pid" 2>/dev/null || true
        waited=0
        while kill -0 -- "-$pid" 2>/dev/null; do
            if [ "$waited" -ge 200 ]; then
                kill -KILL -- "-$pid" 2>/dev/null || true
                break
            fi
            sleep 0.1
            waited=$((waited + 1))
        done
        rm -f "$dir/run/$name.pid"
    done
}

case "${1:-}" in
    stop)
        [ -n "${2:-}" ] || usage
        stop_all "$(cd "$2" && pwd)"
        exit 0
        ;;
    "" | -*) usage ;;
esac

mkdir -p "$1"
dir="$(cd "$1" && pwd)"
if [ -f "$dir/run/etcd.pid" ] && kill -0 "$(cat "$dir/run/etcd.pid")" 2>/dev/null; then
    echo "a demo already runs in $dir: $0 stop $dir" >&2
    exit 1
fi

bourre="${BOURRE:-bourre}"
command -v "$bourre" >/dev/null || { echo "bourre not found: put it on PATH or set BOURRE" >&2; exit 1; }
pg_bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"
[ -x "$pg_bin/initdb" ] || { echo "PostgreSQL 15 not found in $pg_bin (set PG_BIN)" >&2; exit 1; }
for program in patroni etcd pgbackrest haproxy curl psql; do
    command -v "$program" >/dev/null || [ -x "/usr/sbin/$program" ] || {
        echo "$program not found: apt-get install postgresql-15 patroni etcd-server pgbackrest haproxy curl" >&2
        exit 1
    }
done
haproxy_bin="$(command -v haproxy || echo /usr/sbin/haproxy)"

base="${BOURRE_HA_PORT:-15400}"
etcd_port=$base
etcd_peer_port=$((base + 1))
pg1_port=$((base + 2))
pg2_port=$((base + 3))
rest1_port=$((base + 4))
rest2_port=$((base + 5))
pg_ha_port=$((base + 6))
api_port=$((base + 7))
stats_port=$((base + 8))
api1_port=$((base + 9))
api2_port=$((base + 10))

# As root, the database's programs run as `postgres` (setpriv: in the same process, so that
# signals reach the program itself).
as_db=()
if [ "$(id -u)" -eq 0 ]; then
    # useradd refuses while another program edits /etc/passwd (another demo starting, or
    # an embedded cluster making its user): try again, and accept the user another made.
    for ((i = 0; i < 20; i++)); do
        id postgres >/dev/null 2>&1 && break
        useradd --system --home-dir /var/lib/postgresql postgres 2>/dev/null || sleep 0.5
    done
    id postgres >/dev/null
    as_db=(setpriv --reuid=postgres --regid=postgres --init-groups env HOME=/var/lib/postgresql)
fi

secret() {
    head -c 48 /dev/urandom | base64 -w0 | tr -d '/+='
}

rm -f "$dir/run/ready"
mkdir -p "$dir/run" "$dir/log" "$dir/lock" "$dir/backups" "$dir/etcd" "$dir/node1" "$dir/node2"
chmod 0700 "$dir/etcd" "$dir/node1" "$dir/node2"
for name in superuser replication rewind app jwt; do
    [ -s "$dir/$name.secret" ] || (umask 077 && secret > "$dir/$name.secret")
done
# The public log's signing key, one for both API processes (its first line is the secret).
[ -s "$dir/log.secret" ] || (umask 077 && "$bourre" log keygen --origin 127.0.0.1/bourre-ha > "$dir/log.secret")
cat > "$dir/ports.env" <<EOF
ETCD_PORT=$etcd_port
PG1_PORT=$pg1_port
PG2_PORT=$pg2_port
REST1_PORT=$rest1_port
REST2_PORT=$rest2_port
PG_HA_PORT=$pg_ha_port
API_PORT=$api_port
STATS_PORT=$stats_port
API1_PORT=$api1_port
API2_PORT=$api2_port
EOF

# Copies a file of this folder into DIR with its @...@ places filled in.
fill() {
    local from="$1" to="$2" name="${3:-}" pg_port="${4:-}" rest_port="${5:-}"
    sed -e "s|@DIR@|$dir|g" -e "s|@NAME@|$name|g" -e "s|@PG_PORT@|$pg_port|g" \
        -e "s|@REST_PORT@|$rest_port|g" -e "s|@PG_BIN@|$pg_bin|g" \
        -e "s|@ETCD_PORT@|$etcd_port|g" -e "s|@ETCD_PEER_PORT@|$etcd_peer_port|g" \
        -e "s|@PG1_PORT@|$pg1_port|g" -e "s|@PG2_PORT@|$pg2_port|g" \
        -e "s|@REST1_PORT@|$rest1_port|g" -e "s|@REST2_PORT@|$rest2_port|g" \
        -e "s|@PG_HA_PORT@|$pg_ha_port|g" -e "s|@API_PORT@|$api_port|g" \
        -e "s|@STATS_PORT@|$stats_port|g" -e "s|@API1_PORT@|$api1_port|g" \
        -e "s|@API2_PORT@|$api2_port|g" \
        -e "s|@SUPERUSER_PASSWORD@|$(cat "$dir/superuser.secret")|g" \
        -e "s|@REPLICATION_PASSWORD@|$(cat "$dir/replication.secret")|g" \
        -e "s|@REWIND_PASSWORD@|$(cat "$dir/rewind.secret")|g" \
        "$here/$from" > "$to"
}
fill etcd.yml "$dir/etcd.yml"
fill patroni.yml "$dir/node1.yml" node1 "$pg1_port" "$rest1_port"
fill patroni.yml "$dir/node2.yml" node2 "$pg2_port" "$rest2_port"
fill pgbackrest.conf "$dir/pgbackrest.conf"
fill haproxy.cfg "$dir/haproxy.cfg"
cp "$here/503.http" "$dir/503.http"
chmod 0600 "$dir/node1.yml" "$dir/node2.yml"
if [ "${#as_db[@]}" -gt 0 ]; then
    chown -R postgres: "$dir"
    if ! "${as_db[@]}" test -x "$dir"; then
        echo "the postgres user cannot enter $dir: make each folder above it enterable (chmod o+x)" >&2
        exit 1
    fi
fi

# Starts a program in a process group of its own (its pid is the group's), logging to
# DIR/log/NAME.log.
start() {
    local name="$1"
    shift
    setsid "$@" > "$dir/log/$name.log" 2>&1 < /dev/null &
    echo $! > "$dir/run/$name.pid"
}

# Waits up to $3 seconds for `curl $1` to answer HTTP status $2.
wait_http() {
    local url="$1" status="$2" secs="$3" i
    for ((i = 0; i < secs * 5; i++)); do
        if [ "$(curl -s -o /dev/null -w '%{http_code}' "$url" || true)" = "$status" ]; then
            return 0
        fi
        sleep 0.2
    done
    echo "$url did not answer $status within ${secs}s; see $dir/log" >&2
    return 1
}

on_exit() {
    stop_all "$dir"
}
trap on_exit EXIT
trap 'exit 130' INT TERM

start etcd "${as_db[@]}" etcd --config-file "$dir/etcd.yml"
wait_http "http://127.0.0.1:$etcd_port/health" 200 30
start node1 "${as_db[@]}" patroni "$dir/node1.yml"
wait_http "http://127.0.0.1:$rest1_port/primary" 200 90
start node2 "${as_db[@]}" patroni "$dir/node2.yml"
wait_http "http://127.0.0.1:$rest2_port/sync" 200 120

# The application's role and database, made on the primary (a standby follows).
app_password="$(cat "$dir/app.secret")"
"${as_db[@]}" psql -X -q -h "$dir/node1" -p "$pg1_port" -U postgres -d postgres -v ON_ERROR_STOP=1 > /dev/null <<SQL
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'bourre') THEN
    CREATE ROLE bourre LOGIN PASSWORD '$app_password';
  END IF;
END \$\$;
SELECT 'CREATE DATABASE bourre OWNER bourre'
  WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'bourre') \gexec
SQL

# The backup repository's stanza, and a check that WAL reaches it.
"${as_db[@]}" pgbackrest --config="$dir/pgbackrest.conf" --stanza=bourre stanza-create > "$dir/log/stanza.log" 2>&1 \
    || { cat "$dir/log/stanza.log" >&2; exit 1; }
"${as_db[@]}" pgbackrest --config="$dir/pgbackrest.conf" --stanza=bourre check >> "$dir/log/stanza.log" 2>&1 \
    || { cat "$dir/log/stanza.log" >&2; exit 1; }

start haproxy "$haproxy_bin" -db -f "$dir/haproxy.cfg"
wait_http "http://127.0.0.1:$stats_port/stats" 200 30
# HAProxy counts a server up until its checks say otherwise: wait until they have, so that
# no connection goes to the standby.
for ((i = 0; i < 150; i++)); do
    states="$(curl -s "http://127.0.0.1:$stats_port/stats;csv" | awk -F, '$1 == "postgres" && $2 ~ /^node/ { print $2 "=" $18 }' | sort | tr '\n' ' ')"
    [ "$states" = "node1=UP node2=DOWN " ] && break
    sleep 0.2
done
[ "$states" = "node1=UP node2=DOWN " ] || { echo "HAProxy does not see node1 alone as the primary: $states" >&2; exit 1; }

database_url="postgres://bourre:$app_password@127.0.0.1:$pg_ha_port/bourre"
for i in $(seq 1 50); do
    if DATABASE_URL="$database_url" "$bourre" migrate --log warn > "$dir/log/migrate.log" 2>&1; then
        break
    fi
    [ "$i" -lt 50 ] || { cat "$dir/log/migrate.log" >&2; exit 1; }
    sleep 0.2
done
for n in 1 2; do
    port_var="api${n}_port"
    start "api$n" env DATABASE_URL="$database_url" BOURRE_JWT_SECRET="$(cat "$dir/jwt.secret")" \
        BOURRE_LOG_SIGNING_KEY="$(head -n 1 "$dir/log.secret")" BOURRE_BIND="127.0.0.1:${!port_var}" BOURRE_DRAIN_DELAY_MS=4500 "$bourre" serve
done
wait_http "http://127.0.0.1:$api1_port/readyz" 200 60
wait_http "http://127.0.0.1:$api2_port/readyz" 200 60
wait_http "http://127.0.0.1:$api_port/readyz" 200 30

cat <<EOF
The API, through HAProxy:   http://127.0.0.1:$api_port/ (the web client; processes on :$api1_port and :$api2_port)
PostgreSQL's primary:       postgres://bourre@127.0.0.1:$pg_ha_port/bourre (password: $dir/app.secret)
Patroni:                    http://127.0.0.1:$rest1_port/ (node1), http://127.0.0.1:$rest2_port/ (node2); patronictl -c $dir/node1.yml list
HAProxy's statistics:       http://127.0.0.1:$stats_port/stats
Backups:                    pgbackrest --config=$dir/pgbackrest.conf --stanza=bourre backup | info
Logs:                       $dir/log
Ctrl-C (or $0 stop $dir) stops everything.
EOF
touch "$dir/run/ready"

# Until Ctrl-C or `demo.sh stop`: the demo ends when its etcd does.
while [ -f "$dir/run/etcd.pid" ] && kill -0 "$(cat "$dir/run/etcd.pid")" 2>/dev/null; do
    sleep 1
done
