//! `bourre streambench`: what idle live clients cost a server process. Through a `bourre
//! serve` process of its own (on the private cluster, or `DATABASE_URL`) it sets up a league
//! of `--players` members and a table with the first of them seated; then it starts a fresh
//! `bourre serve` (so the memory measured is the streams', not the set-up's) and opens
//! `--streams` SSE streams on that table over real sockets, spread over the members. It
//! reports:
//! - the server's resident memory before and once every stream is open and idle (growth
//!   per stream);
//! - the server's CPU per second while they idle;
//! - for each of `--wakes` writes at the table (the seated player's client seed, one event
//!   every listener sees), how long after the write was sent each stream received it;
//! - over `--moves` moves of hands played by the first two members (both seated), the
//!   server's CPU per move while every stream follows the table: from the stream's `view`
//!   frames alone, or (with `--refetch`) as clients did before the stream carried views,
//!   fetching the table (`GET /v1/tables/{id}`) after each chunk of events; with
//!   `--chat-every N`, a member says a line of free text after every N moves (each stream's
//!   feed then also reads the chat, and its listeners' blocks).

use std::rc::Rc;

use super::*;

#[derive(Debug, clap::Args)]
pub struct StreambenchArgs {
    /// Streams opened on the table.
    #[arg(long, default_value_t = 10_000)]
    pub streams: usize,
    /// League members the streams are spread over (the first is seated at the table).
    #[arg(long, default_value_t = 50)]
    pub players: usize,
    /// Writes at the table whose delivery to every stream is timed.
    #[arg(long, default_value_t = 5)]
    pub wakes: u32,
    /// Seconds the streams idle while the server's CPU is measured.
    #[arg(long, default_value_t = 10)]
    pub idle: u64,
    /// Moves played at the table while every stream follows it (0: none).
    #[arg(long, default_value_t = 0)]
    pub moves: u32,
    /// During the moves, each stream fetches the table after each chunk of events it
    /// receives (one fetch at a time), as a client that does not read `view` frames.
    #[arg(long)]
    pub refetch: bool,
    /// During the moves, a member says a line of free text after every N moves (0: none;
    /// the league's chat is set to `text`, with watchers talking; the speaker rotates over
    /// the members, within the chat's rate limit).
    #[arg(long, default_value_t = 0)]
    pub chat_every: u32,
    /// The database (the run uses database `bourre_streambench` of the private cluster).
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// The `bourre` program whose `serve` is measured (default: this one), to compare builds.
    #[arg(long)]
    pub server: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Serialize)]
struct StreamSummary {
    streams: usize,
    players: usize,
    /// The server's resident memory with no stream open, and with all of them open and idle.
    rss_before_mb: f64,
    rss_open_mb: f64,
    /// Growth per open stream.
    kb_per_stream: f64,
    /// The server's resident memory after the wakes.
    rss_after_wakes_mb: f64,
    /// Seconds the streams took to open (every answer's head read).
    open_secs: f64,
    /// The server's CPU (user + system) per second of idling, in milliseconds.
    idle_cpu_ms_per_sec: f64,
    /// Per write: from sending it until each stream received its event.
    wakes: Vec<Latency>,
    /// The slowest stream over every write, in milliseconds.
    slowest_wake_ms: f64,
    /// Moves played while the streams followed the table, and how they followed it.
    moves: u32,
    refetch: bool,
    chat_every: u32,
    /// The server's CPU per move (the moves' own requests included), in milliseconds.
    cpu_ms_per_move: Option<f64>,
    /// Table fetches the streams made during the moves.
    refetches: usize,
    /// `view` frames the streams received during the moves.
    views: usize,
}

/// The `bourre serve` process under test; killed when dropped.
struct Server {
    child: std::process::Child,
    addr: std::net::SocketAddr,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start(args: &StreambenchArgs, url: &str, secret: &str) -> Result<Server, String> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        let addr = std::net::SocketAddr::from(([127, 0, 0, 1], port));
        let streams = args.streams.to_string();
        let log_key = crate::app::log::note::SignerKey::generate("streambench.bourre.invalid/log")?
            .secret_text();
        let program = match &args.server {
            Some(program) => program.clone(),
            None => std::env::current_exe().map_err(|e| format!("this program's path: {e}"))?,
        };
        let child = std::process::Command::new(program)
            .arg("serve")
            .env("DATABASE_URL", url)
            .env("BOURRE_JWT_SECRET", secret)
            .env("BOURRE_LOG_SIGNING_KEY", &log_key)
            .env("BOURRE_BIND", addr.to_string())
            .env("BOURRE_LOG", "off")
            .env("BOURRE_TOKEN_TTL_SECS", "86400")
            .env("BOURRE_REGISTRATIONS_PER_HOUR", "1000000")
            .env("BOURRE_JOINS_PER_HOUR", "1000000")
            .env("BOURRE_STREAMS_PER_PLAYER", &streams)
            .env("BOURRE_STREAMS_PER_PROCESS", &streams)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .spawn()
            .map_err(|e| format!("starting bourre serve: {e}"))?;
        Ok(Server { child, addr })
    }

    /// Waits until the server answers `/readyz`.
    async fn ready(&mut self) -> Result<(), String> {
        let http = Http::new(self.addr);
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(answer) = http.call_inner(Method::GET, "/readyz", None, None).await
                && answer.ok()
            {
                return Ok(());
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!("bourre serve exited: {status}"));
            }
            if Instant::now() > deadline {
                return Err("bourre serve was not ready within 60 s".into());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Resident memory, in kilobytes.
    fn rss_kb(&self) -> Result<u64, String> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .map_err(|e| format!("the server's /proc status: {e}"))?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .ok_or_else(|| "no VmRSS in the server's /proc status".into())
    }

    /// CPU time so far (user + system), in clock ticks of 10 ms.
    fn cpu_ticks(&self) -> Result<u64, String> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()))
            .map_err(|e| format!("the server's /proc stat: {e}"))?;
        // Fields after the command's closing parenthesis; utime and stime are 14th and 15th.
        let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let tick = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok());
        match (tick(11), tick(12)) {
            (Some(user), Some(system)) => Ok(user + system),
            _ => Err("an unreadable /proc stat".into()),
        }
    }
}

/// What every stream shares with the benchmark: the write being timed, and when each
/// stream received it.
#[derive(Default)]
struct Wakes {
    /// The write being timed (0: none yet).
    current: Cell<u32>,
    arrivals: RefCell<Vec<Instant>>,
    opened: Cell<usize>,
    failed: RefCell<Option<String>>,
    /// The moves are under way: streams count views, and fetch the table when refetching.
    moving: Cell<bool>,
    refetches: Cell<usize>,
    views: Cell<usize>,
}

/// How a stream follows the table during the moves: `(table, token)` to fetch it with
/// after each chunk of events, or `None` to read the `view` frames.
type Refetch = Option<(String, String)>;

/// One stream: opens it, then reads it until the benchmark ends, noting when an event of
/// the write being timed arrives.
async fn stream(
    addr: std::net::SocketAddr,
    request: Rc<Vec<u8>>,
    wakes: Rc<Wakes>,
    refetch: Rc<Refetch>,
) {
    let opened = async {
        let mut socket = TcpStream::connect(addr)
            .await
            .map_err(|e| format!("opening a stream: {e}"))?;
        socket
            .write_all(&request)
            .await
            .map_err(|e| format!("sending a stream's request: {e}"))?;
        let mut buf = Vec::with_capacity(1024);
        let start = loop {
            // A stream's body is chunked and unbounded: only its head is read here.
            if let Some((start, status, _)) = status_head(&buf)? {
                if status != 200 {
                    return Err(format!(
                        "a stream was refused: {}",
                        String::from_utf8_lossy(&buf[start..])
                    ));
                }
                break start;
            }
            let read = socket
                .read_buf(&mut buf)
                .await
                .map_err(|e| format!("reading a stream's head: {e}"))?;
            if read == 0 {
                return Err("the server closed a stream before its head".into());
            }
        };
        buf.drain(..start);
        Ok::<_, String>((socket, buf))
    };
    let (mut socket, mut buf) = match opened.await {
        Ok(opened) => opened,
        Err(e) => {
            wakes.failed.borrow_mut().get_or_insert(e);
            return;
        }
    };
    wakes.opened.set(wakes.opened.get() + 1);
    // Its fetches of the table keep their connection alive, as a browser's do.
    let fetcher = Http::new(addr);
    let mut seen = 0;
    loop {
        buf.clear();
        match socket.read_buf(&mut buf).await {
            Ok(0) | Err(_) => {
                if wakes.current.get() != u32::MAX {
                    wakes
                        .failed
                        .borrow_mut()
                        .get_or_insert_with(|| "the server ended a stream".into());
                }
                return;
            }
            Ok(_) => {}
        }
        let current = wakes.current.get();
        if current > seen && buf.windows(4).any(|w| w == b"id: ") {
            seen = current;
            wakes.arrivals.borrow_mut().push(Instant::now());
        }
        if wakes.moving.get() {
            follow(&fetcher, &buf, &wakes, &refetch).await;
        }
    }
}

/// A chunk of a stream read during the moves: its views counted, and the table fetched
/// when the stream refetches and the chunk has events.
async fn follow(fetcher: &Http, chunk: &[u8], wakes: &Wakes, refetch: &Refetch) {
    let frames = |name: &[u8]| chunk.windows(name.len()).filter(|w| *w == name).count();
    let views = frames(b"event: view\n");
    wakes.views.set(wakes.views.get() + views);
    let Some((table, token)) = refetch.as_ref().filter(|_| frames(b"event: ") > views) else {
        return;
    };
    let path = format!("/v1/tables/{table}");
    let fetched = fetcher
        .call_inner(Method::GET, &path, Some(token), None)
        .await;
    if fetched.is_ok_and(|answer| answer.ok()) {
        wakes.refetches.set(wakes.refetches.get() + 1);
    }
}

/// What is said during the moves: a line after every `every` moves (0: nothing), by each of
/// `members` in turn.
struct Talk<'a> {
    every: u32,
    members: &'a [Bot],
}

/// Plays `moves` moves at `table` as `players` (seated), dealing hands as they end: each
/// move reads the table as the player to act and plays the first legal choice.
async fn play(
    http: &Http,
    table: &str,
    players: &[Bot],
    moves: u32,
    talk: &Talk<'_>,
) -> Result<(), String> {
    let path = format!("/v1/tables/{table}");
    let mut made = 0;
    while made < moves {
        if talk.every > 0 && made > 0 && made % talk.every == 0 {
            let turn = (made / talk.every) as usize;
            let speaker = &talk.members[turn % talk.members.len()];
            http.must(
                Method::POST,
                &format!("{path}/chat"),
                Some(&speaker.token),
                Some(&json!({"text": format!("line {turn} of the bench")})),
            )
            .await?;
        }
        let seen: Seen = serde_json::from_value(
            http.must(Method::GET, &path, Some(&players[0].token), None)
                .await?,
        )
        .map_err(|e| e.to_string())?;
        let Some(turn) = seen.to_act.filter(|_| seen.status == "playing") else {
            http.must(
                Method::POST,
                &format!("{path}/hands"),
                Some(&players[0].token),
                None,
            )
            .await?;
            made += 1;
            continue;
        };
        let actor = players
            .iter()
            .find(|p| p.id == turn.player_id)
            .ok_or("the player to act is not one of the benchmark's")?;
        let mine: Seen = serde_json::from_value(
            http.must(Method::GET, &path, Some(&actor.token), None)
                .await?,
        )
        .map_err(|e| e.to_string())?;
        let legal = mine.legal.ok_or("no legal actions for the player to act")?;
        let action = match legal.action.as_str() {
            "declare" => {
                json!({"type": "declare", "play": legal.can_play.unwrap_or(false), "discard": []})
            }
            "draw" => json!({"type": "draw", "discard": []}),
            _ => {
                let cards = legal.cards.unwrap_or_default();
                json!({"type": "play", "card": cards.into_iter().next()})
            }
        };
        http.must(
            Method::POST,
            &format!("{path}/actions"),
            Some(&actor.token),
            Some(&json!({"action": action})),
        )
        .await?;
        made += 1;
    }
    Ok(())
}

pub fn run(args: &StreambenchArgs) -> Result<(), String> {
    if args.streams == 0 || args.players == 0 || args.wakes == 0 {
        return Err("--streams, --players and --wakes are at least 1".into());
    }
    let url = database_url("bourre_streambench", &args.database)?;
    store::migrate(&url).map_err(|e| e.to_string())?;
    let summary = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?
        .block_on(async {
            let local = tokio::task::LocalSet::new();
            local.run_until(measure(args, &url)).await
        });
    report(args.json, &summary?, print_streams)
}

fn print_streams(s: &StreamSummary) {
    println!(
        "{} streams over {} players, opened in {:.1} s",
        s.streams, s.players, s.open_secs
    );
    println!(
        "server RSS: {:.1} MB before, {:.1} MB open ({:.2} KB per stream), {:.1} MB after the wakes",
        s.rss_before_mb, s.rss_open_mb, s.kb_per_stream, s.rss_after_wakes_mb
    );
    println!("server CPU while idle: {:.1} ms/s", s.idle_cpu_ms_per_sec);
    for (i, l) in s.wakes.iter().enumerate() {
        println!(
            "write {}: every stream in p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            i + 1,
            l.p50_ms,
            l.p99_ms,
            l.max_ms
        );
    }
    println!(
        "slowest stream over every write: {:.1} ms",
        s.slowest_wake_ms
    );
    if let Some(cpu) = s.cpu_ms_per_move {
        println!(
            "{} moves followed {}{}: server CPU {cpu:.1} ms per move ({} fetches, {} views)",
            s.moves,
            if s.refetch {
                "by fetching the table"
            } else {
                "from the views"
            },
            if s.chat_every > 0 {
                format!(", a line said after every {}", s.chat_every)
            } else {
                String::new()
            },
            s.refetches,
            s.views
        );
    }
}

async fn measure(args: &StreambenchArgs, url: &str) -> Result<StreamSummary, String> {
    // Both processes sign with one secret: the tokens of the first serve the second.
    let secret = hex::encode(rand::random::<[u8; 32]>());
    let mut server = Server::start(args, url, &secret)?;
    server.ready().await?;
    let http = Http::new(server.addr);
    let run_id = hex::encode(rand::random::<[u8; 4]>());
    let mut members = Vec::with_capacity(args.players);
    for i in 0..args.players {
        members.push(register(&http, format!("sb{run_id}_{i}")).await?);
    }
    let league = make_league(&http, &members, &format!("Stream bench {run_id}")).await?;
    if args.moves > 0 && members.len() < 2 {
        return Err("--moves needs --players of at least 2".into());
    }
    let seated = &members[..members.len().min(2)];
    let table = make_table(&http, &league, seated, "Streams".into()).await?;
    if args.chat_every > 0 {
        http.must(
            Method::PATCH,
            &format!("/v1/leagues/{league}"),
            Some(&members[0].token),
            Some(&json!({"chat": "text", "watchers_chat": true})),
        )
        .await?;
    }
    let head = http
        .must(
            Method::GET,
            &format!("/v1/tables/{table}"),
            Some(&members[0].token),
            None,
        )
        .await?["version"]
        .as_i64()
        .unwrap_or(0);
    // The memory measured is a fresh process's: the set-up (password hashing above all)
    // leaves freed memory behind that the streams would then reuse.
    drop(server);
    let mut server = Server::start(args, url, &secret)?;
    server.ready().await?;
    let http = Http::new(server.addr);
    say(
        args.json,
        &format!("opening {} streams on one table", args.streams),
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_before = server.rss_kb()?;

    let wakes = Rc::new(Wakes::default());
    let requests: Vec<Rc<Vec<u8>>> = members
        .iter()
        .map(|m| {
            Rc::new(
                format!(
                    "GET /v1/tables/{table}/stream?after={head} HTTP/1.1\r\nHost: {}\r\n\
                     Authorization: Bearer {}\r\nAccept: text/event-stream\r\n\r\n",
                    server.addr, m.token
                )
                .into_bytes(),
            )
        })
        .collect();
    let refetches: Vec<Rc<Refetch>> = members
        .iter()
        .map(|m| Rc::new(args.refetch.then(|| (table.clone(), m.token.clone()))))
        .collect();
    let opening = Instant::now();
    let mut tasks = Vec::with_capacity(args.streams);
    for i in 0..args.streams {
        let request = requests[i % requests.len()].clone();
        tasks.push(tokio::task::spawn_local(stream(
            server.addr,
            request,
            wakes.clone(),
            refetches[i % refetches.len()].clone(),
        )));
        // A few hundred connections at a time: the listen backlog is finite.
        if (i + 1) % 256 == 0 {
            while wakes.opened.get() + 64 < i + 1 && wakes.failed.borrow().is_none() {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
    }
    while wakes.opened.get() < args.streams {
        if let Some(e) = wakes.failed.borrow().clone() {
            return Err(e);
        }
        if opening.elapsed() > Duration::from_secs(120) {
            return Err(format!(
                "{} of {} streams opened in 120 s",
                wakes.opened.get(),
                args.streams
            ));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let open_secs = opening.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let rss_open = server.rss_kb()?;

    let ticks = server.cpu_ticks()?;
    let idled = Instant::now();
    tokio::time::sleep(Duration::from_secs(args.idle)).await;
    let idle_cpu_ms_per_sec =
        (server.cpu_ticks()? - ticks) as f64 * 10.0 / idled.elapsed().as_secs_f64();

    let mut timed = Vec::with_capacity(args.wakes as usize);
    let mut slowest: f64 = 0.0;
    for w in 1..=args.wakes {
        wakes.arrivals.borrow_mut().clear();
        wakes.current.set(w);
        let sent = Instant::now();
        http.must(
            Method::PUT,
            &format!("/v1/tables/{table}/seats/me/client-seed"),
            Some(&members[0].token),
            Some(&json!({"seed": format!("stream-bench-{w}")})),
        )
        .await?;
        while wakes.arrivals.borrow().len() < args.streams {
            if let Some(e) = wakes.failed.borrow().clone() {
                return Err(e);
            }
            if sent.elapsed() > Duration::from_secs(60) {
                return Err(format!(
                    "write {w}: {} of {} streams received it in 60 s",
                    wakes.arrivals.borrow().len(),
                    args.streams
                ));
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let samples: Vec<u32> = wakes
            .arrivals
            .borrow()
            .iter()
            .map(|at| u32::try_from(at.duration_since(sent).as_micros()).unwrap_or(u32::MAX))
            .collect();
        let l = latency(&samples, None);
        slowest = slowest.max(l.max_ms);
        timed.push(l);
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    let rss_after = server.rss_kb()?;
    let cpu_ms_per_move = if args.moves > 0 {
        say(
            args.json,
            &format!(
                "{} moves, the streams following the table {}",
                args.moves,
                if args.refetch {
                    "by fetching it"
                } else {
                    "from its views"
                }
            ),
        );
        wakes.moving.set(true);
        let ticks = server.cpu_ticks()?;
        let talk = Talk {
            every: args.chat_every,
            members: &members,
        };
        play(&http, &table, seated, args.moves, &talk).await?;
        // The streams' last fetches (or views) land within a second or two.
        tokio::time::sleep(Duration::from_secs(3)).await;
        wakes.moving.set(false);
        Some((server.cpu_ticks()? - ticks) as f64 * 10.0 / f64::from(args.moves))
    } else {
        None
    };
    wakes.current.set(u32::MAX);
    for task in tasks {
        task.abort();
    }
    let mb = |kb: u64| kb as f64 / 1024.0;
    Ok(StreamSummary {
        streams: args.streams,
        players: args.players,
        rss_before_mb: mb(rss_before),
        rss_open_mb: mb(rss_open),
        kb_per_stream: rss_open.saturating_sub(rss_before) as f64 / args.streams as f64,
        rss_after_wakes_mb: mb(rss_after),
        open_secs,
        idle_cpu_ms_per_sec,
        wakes: timed,
        slowest_wake_ms: slowest,
        moves: args.moves,
        refetch: args.refetch,
        chat_every: args.chat_every,
        cpu_ms_per_move,
        refetches: wakes.refetches.get(),
        views: wakes.views.get(),
    })
}
