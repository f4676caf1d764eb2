"""Events against their documented schemas: plays a hand at two tables (one with
simultaneous declarations) through `bourre serve` and validates every event each player
is served (`GET .../events`, redacted while the hand is in play), every table view and the
finished hand's record against the served OpenAPI document's schemas. Schemathesis cannot
reach these: it never plays a hand.

Run from the repository root after a build: python3 .ci/event_schemas.py [path/to/bourre]
"""
import os, socket, subprocess, sys, time

import jsonschema  # installed with schemathesis by .ci/fuzz, which runs first
import requests

binary = sys.argv[1] if len(sys.argv) > 1 else "target/debug/bourre"
data_dir = os.path.abspath("target/event-schemas")
subprocess.run(["rm", "-rf", data_dir], check=True)
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
base = f"http://127.0.0.1:{port}"
env = dict(os.environ, BOURRE_DATA_DIR=data_dir, BOURRE_BIND=f"127.0.0.1:{port}",
           BOURRE_JWT_SECRET="validate-secret-validate-secret-123", BOURRE_LOG="off")
server = subprocess.Popen([binary, "serve"], env=env, stderr=subprocess.DEVNULL)
try:
    for _ in range(120):
        try:
            if requests.get(base + "/readyz").status_code == 200:
                break
        except requests.ConnectionError:
            pass
        time.sleep(0.5)
    doc = requests.get(base + "/openapi.json").json()
    def validator(name):
        return jsonschema.Draft202012Validator({"$ref": f"#/components/schemas/{name}", "components": doc["components"]})
    ev_v, rec_v, view_v = validator("EventOut"), validator("HandRecord"), validator("TableView")
    checked = {"events": 0, "kinds": set()}
    def reg(n):
        r = requests.post(base + "/v1/auth/register", json={"username": n, "password": "correct horse"}).json()
        return {"id": r["player"]["id"], "h": {"Authorization": "Bearer " + r["token"]}}
    def run(rules, names):
        ps = [reg(n + str(int(time.time()*1000) % 100000)) for n in names]
        lg = requests.post(base + "/v1/leagues", headers=ps[0]["h"], json={"name": "V", "starting_balance": 100}).json()
        for p in ps[1:]:
            requests.post(base + f"/v1/leagues/{lg['id']}/members", headers=p["h"], json={"invite_code": lg["invite_code"]}).raise_for_status()
        t = requests.post(base + "/v1/tables", headers=ps[0]["h"], json={"league_id": lg["id"], "name": "T", "rules": rules}).json()
        for i, p in enumerate(ps):
            requests.post(base + f"/v1/tables/{t['id']}/seats", headers=p["h"], json={"seat": i}).raise_for_status()
        requests.post(base + f"/v1/tables/{t['id']}/hands", headers=ps[0]["h"]).raise_for_status()
        def check_events():
            for p in ps:
                for e in requests.get(base + f"/v1/tables/{t['id']}/events?after=0", headers=p["h"]).json():
                    ev_v.validate(e); checked["events"] += 1; checked["kinds"].add(e["kind"])
                view_v.validate(requests.get(base + f"/v1/tables/{t['id']}", headers=p["h"]).json())
        for _ in range(200):
            check_events()
            v = requests.get(base + f"/v1/tables/{t['id']}", headers=ps[0]["h"]).json()
            if v["status"] != "playing": break
            actor = next(p for p in ps if p["id"] == v["to_act"]["player_id"])
            mine = requests.get(base + f"/v1/tables/{t['id']}", headers=actor["h"]).json()
            legal = mine["legal"]
            # Discard the first card when allowed, so draws show up in the events.
            first = mine["my_hand"][:1]
            discard = first if legal.get("max_discard") and first != [legal.get("must_keep")] else []
            if legal["action"] == "declare":
                a = {"type": "declare", "play": bool(legal["can_play"])}
                if legal["can_play"] and not rules.get("simultaneous_declare"):
                    a["discard"] = discard
            elif legal["action"] == "draw":
                a = {"type": "draw", "discard": discard}
            else:
                a = {"type": "play", "card": legal["cards"][0]}
            r = requests.post(base + f"/v1/tables/{t['id']}/actions", headers=actor["h"], json={"action": a})
            assert r.status_code == 200, r.text
        check_events()
        rec = requests.get(base + f"/v1/tables/{t['id']}/hands/1", headers=ps[0]["h"]).json()
        rec_v.validate(rec)
    run({"ante": 1}, ["ann", "bob", "cat"])
    run({"ante": 1, "simultaneous_declare": True}, ["dan", "eve", "fay"])
    expected = {"table_created", "seat_taken", "hand_dealt", "hand_started", "declared",
                "revealed", "drew", "played", "trick_won", "hand_ended", "seed_revealed"}
    missing = expected - checked["kinds"]
    if missing:
        sys.exit(f"FAILED: no event of kinds {sorted(missing)} was checked")
    print("event schemas:", checked["events"], "events of kinds", sorted(checked["kinds"]),
          "match the served document")
finally:
    server.terminate(); server.wait()
    pg_ctl = f"pg_ctl -D {data_dir}/pg/data stop -m fast"
    if os.geteuid() == 0:
        pg_ctl = f"runuser -u postgres -- {pg_ctl}"
    subprocess.run(["bash", "-c", pg_ctl + " >/dev/null 2>&1"])
