# Sourced by the .ci scripts that need a server of their own (fuzz, getting-started):
#   fresh_server BIN DIR [NAME=VALUE ...]
# empties DIR, starts `BIN serve` with the settings given on a free loopback port and a
# private PostgreSQL cluster under DIR (its log: DIR/server.log), sets `base` (its URL) and
# `server_pid`, waits until `/readyz` answers, and stops the server and its cluster when the
# script exits.

fresh_server() {
    local bin="$1" dir="$2" port
    shift 2
    rm -rf "$dir"
    mkdir -p "$dir"
    fresh_server_dir="$dir"
    port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
    base="http://127.0.0.1:$port"
    env BOURRE_DATA_DIR="$dir" BOURRE_BIND="127.0.0.1:$port" "$@" "$bin" serve 2>"$dir/server.log" &
    server_pid=$!
    trap stop_fresh_server EXIT
    for _ in $(seq 1 120); do
        if curl -fsS "$base/readyz" >/dev/null 2>&1; then break; fi
        if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
        sleep 0.5
    done
    if ! curl -fsS "$base/readyz" >/dev/null; then
        echo "FAILED: the server did not become ready (log: $dir/server.log)" >&2
        exit 1
    fi
}

stop_fresh_server() {
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    if [ -f "$fresh_server_dir/pg/data/postmaster.pid" ]; then
        if [ "$(id -u)" -eq 0 ]; then
            runuser -u postgres -- pg_ctl -D "$fresh_server_dir/pg/data" stop -m fast >/dev/null 2>&1 || true
        else
            pg_ctl -D "$fresh_server_dir/pg/data" stop -m fast >/dev/null 2>&1 || true
        fi
    fi
}
