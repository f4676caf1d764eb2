#!/usr/bin/env python3
"""Live fan-out benchmark: what open streams cost the database and the other tables.

    cargo build --release
    python3 benches/streams.py [--binary target/release/bourre] [--streams 0,100,1000]

Starts a private PostgreSQL cluster (the machine's initdb, in a temporary directory) and
`bourre serve` on it, then, for each number of streams N:

- opens N SSE streams on table A (one seated member, as the attack did; the per-player
  cap is raised for the run), reading them all the time;
- sets that member's client seed on table A `--writes` times, 10 a second, and counts the
  transactions the database committed meanwhile (`pg_stat_database.xact_commit`, read
  after the server's connections were idle long enough to flush their statistics);
- reports transactions per write.

Then the flood: the latency of client-seed writes at another table B (p50, p99 over
`--probes` writes) with nothing else running, and while 1,000 streams are open on table A
and its member sets seeds 10 times a second.

Only the standard library; PostgreSQL's programs on PATH or in /usr/lib/postgresql/*/bin.
"""

import argparse
import asyncio
import glob
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request


def pg_bin():
    found = shutil.which("initdb")
    if found:
        return os.path.dirname(os.path.realpath(found))
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(d, "initdb")):
            return d
    sys.exit("PostgreSQL programs (initdb) not found")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """A throwaway PostgreSQL cluster on 127.0.0.1, trusting its local connections (run
    as the `postgres` system user when we are root, as PostgreSQL insists)."""

    def __init__(self, root):
        self.bin = pg_bin()
        self.data = os.path.join(root, "pg")
        self.port = free_port()
        self.as_server = []
        if os.geteuid() == 0:
            self.as_server = ["runuser", "-u", "postgres", "--"]
            shutil.chown(root, "postgres")
        user = ["-U", "postgres"]
        subprocess.run([*self.as_server, os.path.join(self.bin, "initdb"), "-D", self.data,
                        "-A", "trust", *user], check=True, stdout=subprocess.DEVNULL)
        subprocess.run([*self.as_server, os.path.join(self.bin, "pg_ctl"), "-D", self.data,
                        "-w", "-l",
                        os.path.join(root, "pg.log"), "-o",
                        f"-p {self.port} -k {root} -c listen_addresses=127.0.0.1 "
                        "-c max_connections=200", "start"], check=True,
                       stdout=subprocess.DEVNULL)
        self.psql("CREATE DATABASE bourre")
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/bourre"

    def psql(self, sql, db="postgres"):
        out = subprocess.run([os.path.join(self.bin, "psql"), "-h", "127.0.0.1", "-p",
                              str(self.port), "-U", "postgres", "-d", db, "-Atqc", sql],
                             check=True, capture_output=True, text=True)
        return out.stdout.strip()

    def commits(self):
        return int(self.psql("SELECT xact_commit FROM pg_stat_database "
                             "WHERE datname = 'bourre'"))

    def stop(self):
        subprocess.run([*self.as_server, os.path.join(self.bin, "pg_ctl"), "-D", self.data,
                        "-m", "fast", "stop"], stdout=subprocess.DEVNULL)


class Api:
    def __init__(self, base):
        self.base = base

    def call(self, method, path, token=None, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=60) as resp:
                text = resp.read()
                return resp.status, json.loads(text) if text else None
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")

    def ok(self, method, path, token=None, body=None):
        status, reply = self.call(method, path, token, body)
        if status >= 300:
            sys.exit(f"{method} {path}: {status} {reply}")
        return reply

    def player(self, name):
        reply = self.ok("POST", "/v1/auth/register", body={
            "username": name, "password": "correct horse battery"})
        return reply["token"]


async def stream(port, table, token, opened):
    """One SSE stream, read until cancelled."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /v1/tables/{table}/stream HTTP/1.1\r\nHost: bench\r\n"
                 f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n"
                 .encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        sys.exit(f"stream refused: {head[:200]!r}")
    opened.release()
    try:
        while await reader.read(65536):
            pass
    finally:
        writer.close()


async def open_streams(port, table, token, n):
    opened = asyncio.Semaphore(0)
    tasks = [asyncio.create_task(stream(port, table, token, opened)) for _ in range(n)]
    for _ in range(n):
        await opened.acquire()
    return tasks


async def close_streams(tasks):
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def seeds(api, table, token, count, per_second, tag):
    """Sets `token`'s client seed at `table` `count` times at `per_second`; the latencies."""
    loop = asyncio.get_running_loop()
    latencies = []
    start = time.monotonic()
    for i in range(count):
        await asyncio.sleep(max(0.0, start + i / per_second - time.monotonic()))
        t0 = time.monotonic()
        status, reply = await loop.run_in_executor(None, api.call, "PUT",
                                                   f"/v1/tables/{table}/seats/me/client-seed",
                                                   token, {"seed": f"{tag}{i}"})
        latencies.append(time.monotonic() - t0)
        if status != 200:
            sys.exit(f"client seed: {status} {reply}")
    return latencies


def ms(values, q):
    values = sorted(values)
    return 1000 * values[min(len(values) - 1, int(q * len(values)))]


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default="target/release/bourre")
    parser.add_argument("--streams", default="0,100,1000")
    parser.add_argument("--writes", type=int, default=50)
    parser.add_argument("--probes", type=int, default=100)
    parser.add_argument("--flood", type=int, default=1000)
    args = parser.parse_args()
    root = tempfile.mkdtemp(prefix="bourre-streams-")
    cluster = Cluster(root)
    port = free_port()
    log_key = subprocess.run([args.binary, "log", "keygen", "--origin", "streams.bench/log"],
                             check=True, capture_output=True, text=True).stdout.splitlines()[0]
    env = dict(os.environ, DATABASE_URL=cluster.url, BOURRE_JWT_SECRET="b" * 40,
               BOURRE_LOG_SIGNING_KEY=log_key,
               BOURRE_BIND=f"127.0.0.1:{port}", BOURRE_STREAMS_PER_PLAYER="100000",
               BOURRE_STREAMS_PER_PROCESS="100000", BOURRE_LOG="off")
    server = subprocess.Popen([args.binary, "serve"], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        api = Api(f"http://127.0.0.1:{port}")
        for _ in range(200):
            try:
                if api.call("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        names = ["ann", "bob", "cat", "dan"]
        tokens = {n: api.player(n) for n in names}
        league = api.ok("POST", "/v1/leagues", tokens["ann"],
                        {"name": "bench", "starting_balance": 1000})
        for n in names[1:]:
            api.ok("POST", f"/v1/leagues/{league['id']}/members", tokens[n],
                   {"invite_code": league["invite_code"]})
        tables = {}
        for name, players in [("A", ["ann", "bob"]), ("B", ["cat", "dan"])]:
            table = api.ok("POST", "/v1/tables", tokens["ann"],
                           {"league_id": league["id"], "name": name, "rules": {"ante": 1}})
            for seat, p in enumerate(players):
                api.ok("POST", f"/v1/tables/{table['id']}/seats", tokens[p], {"seat": seat})
            tables[name] = table["id"]
        a, b = tables["A"], tables["B"]
        idle = 11
        print(f"server {args.binary}; {os.cpu_count()} cores", flush=True)
        print("streams  transactions/write", flush=True)
        for n in [int(x) for x in args.streams.split(",")]:
            tasks = await open_streams(port, a, tokens["ann"], n)
            await asyncio.sleep(idle)
            before = cluster.commits()
            await seeds(api, a, tokens["ann"], args.writes, 10, f"n{n}w")
            await asyncio.sleep(idle)
            after = cluster.commits()
            # The first read of the statistics is counted in the second.
            print(f"{n:7}  {(after - before - 1) / args.writes:.1f}", flush=True)
            await close_streams(tasks)
        quiet = await seeds(api, b, tokens["cat"], args.probes, 20, "quiet")
        tasks = await open_streams(port, a, tokens["ann"], args.flood)
        flood = asyncio.create_task(seeds(api, a, tokens["ann"], 10 * args.probes, 10, "flood"))
        flooded = await seeds(api, b, tokens["cat"], args.probes, 20, "flooded")
        flood.cancel()
        await asyncio.gather(flood, return_exceptions=True)
        await close_streams(tasks)
        print(f"table B client-seed writes, p50 / p99: quiet {ms(quiet, 0.5):.1f} / "
              f"{ms(quiet, 0.99):.1f} ms; during the {args.flood}-stream flood on table A "
              f"{ms(flooded, 0.5):.1f} / {ms(flooded, 0.99):.1f} ms", flush=True)
    finally:
        server.terminate()
        server.wait()
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
