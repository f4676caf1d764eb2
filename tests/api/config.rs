//! `bourre serve`'s configuration: every setting an option with its environment variable,
//! documented by `--help` as in docs/operations.md, and a bad value stopping the start.

use std::collections::BTreeSet;
use std::process::{Command, Output};

/// `bourre serve` with `args` and these environment variables only (and `PATH`).
fn serve(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bourre"));
    command.arg("serve").args(args).env_clear();
    if let Some(path) = std::env::var_os("PATH") {
        command.env("PATH", path);
    }
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("bourre serve runs")
}

/// The environment variables named in `text` right after `prefix`.
fn variables(text: &str, prefix: &str) -> BTreeSet<String> {
    text.split(prefix)
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_uppercase() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| !name.is_empty())
        .collect()
}

#[test]
fn help_documents_every_setting_the_operations_page_lists() {
    let help = serve(&["--help"], &[]);
    assert!(help.status.success());
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    let in_help = variables(&help, "[env: ");
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/operations.md"))
        .expect("docs/operations.md");
    let table = page
        .split("## Configuration")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("the configuration section of docs/operations.md");
    let in_readme = variables(table, "\n| `");
    assert!(in_readme.contains("BOURRE_BIND"), "{in_readme:?}");
    assert!(in_help.contains("BOURRE_LOG"), "{help}");
    assert_eq!(
        in_help, in_readme,
        "`bourre serve --help` and the configuration table of docs/operations.md name other settings"
    );
    // Secrets are never echoed by --help, even when set.
    let help = serve(
        &["--help"],
        &[("BOURRE_JWT_SECRET", "a-secret-of-32-characters-or-more")],
    );
    assert!(!String::from_utf8_lossy(&help.stdout).contains("a-secret-of-32"));
}

#[test]
fn a_bad_setting_stops_the_start_and_says_which() {
    for (name, value, option) in [
        ("BOURRE_DB_POOL", "abc", "--db-pool"),
        ("BOURRE_DB_POOL", "0", "--db-pool"),
        ("BOURRE_BIND", "nonsense", "--bind"),
        ("BOURRE_LOG", "bourre=loud", "--log"),
        ("BOURRE_ALLOW_FIXED_DECK", "maybe", "--allow-fixed-deck"),
        ("BOURRE_TRUSTED_PROXIES", "10.0.0.0/99", "--trusted-proxies"),
        ("BOURRE_CORS_ORIGINS", "ftp://x", "--cors-origins"),
        ("BOURRE_REMINDER_SECS", "99999999", "--reminder-secs"),
        ("BOURRE_TOKEN_TTL_SECS", "0", "--token-ttl-secs"),
    ] {
        let out = serve(&[], &[(name, value)]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}={value}: {stderr}");
        assert!(stderr.contains(option), "{name}={value}: {stderr}");
        assert!(
            !stderr.contains("serving on"),
            "{name}={value} started: {stderr}"
        );
    }
    // An option wins over its variable, and is checked the same way.
    let out = serve(&["--db-pool", "x"], &[("BOURRE_DB_POOL", "4")]);
    assert_eq!(out.status.code(), Some(2));
    // Settings that parse but do not fit together stop it too, before any database.
    let out = serve(
        &["--token-ttl-secs", "100", "--refresh-ttl-secs", "50"],
        &[
            ("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none"),
            ("BOURRE_JWT_SECRET", "a-secret-of-32-characters-or-more"),
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("BOURRE_REFRESH_TTL_SECS"), "{stderr}");
}
