//! Signed checkpoints: C2SP `tlog-checkpoint` bodies in C2SP `signed-note`s, with Ed25519
//! keys written as Go's `golang.org/x/mod/sumdb/note` writes them, so that the ecosystem's
//! tools (and anyone's few lines of code) read and check them. Pure.
//!
//! A signer key is `PRIVATE+KEY+<name>+<key id, 8 hex>+<base64(0x01 || 32-byte seed)>`, its
//! verifier key `<name>+<key id>+<base64(0x01 || 32-byte public key)>`; the key id is the
//! first four bytes of `SHA-256(name || "\n" || 0x01 || public key)`. A note is its text
//! (lines ending in `\n`), a blank line, and a line per signature:
//! `— <name> <base64(key id || signature)>`, the signature over the text.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use ring::signature::{ED25519, Ed25519KeyPair, KeyPair, UnparsedPublicKey};
use sha2::{Digest, Sha256};

use super::merkle::Hash;

/// The algorithm byte of Ed25519 keys in notes.
const ED25519_ALG: u8 = 1;

/// A key's name: printable, no spaces, no `+` (Go's rule for note key names).
fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty()
        || name
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '+')
    {
        return Err(format!(
            "{name:?} is not a key name: one word of printable characters without `+`"
        ));
    }
    Ok(())
}

fn key_id(name: &str, public: &[u8; 32]) -> u32 {
    let digest = Sha256::new()
        .chain_update(name.as_bytes())
        .chain_update(b"\n")
        .chain_update([ED25519_ALG])
        .chain_update(public)
        .finalize();
    u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]])
}

/// `<name>+<id>+<base64 key>` into its parts, the key's 32 bytes after the algorithm byte.
fn parts(text: &str) -> Result<(&str, u32, [u8; 32]), String> {
    let mut it = text.splitn(3, '+');
    let (Some(name), Some(id), Some(key)) = (it.next(), it.next(), it.next()) else {
        return Err("a key is <name>+<key id>+<base64 key>".into());
    };
    check_name(name)?;
    if id.len() != 8 {
        return Err("a key id is 8 hexadecimal digits".into());
    }
    let id = u32::from_str_radix(id, 16).map_err(|_| "a key id is 8 hexadecimal digits")?;
    let bytes = STANDARD
        .decode(key)
        .map_err(|_| "the key is not base64".to_owned())?;
    match bytes.split_first() {
        Some((&ED25519_ALG, rest)) if rest.len() == 32 => {
            let mut key = [0u8; 32];
            key.copy_from_slice(rest);
            Ok((name, id, key))
        }
        _ => Err("the key is not an Ed25519 key (algorithm 1, 32 bytes)".into()),
    }
}

/// A key that checks notes' signatures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifierKey {
    name: String,
    id: u32,
    public: [u8; 32],
}

impl VerifierKey {
    pub fn parse(text: &str) -> Result<VerifierKey, String> {
        let (name, id, public) = parts(text.trim())?;
        if key_id(name, &public) != id {
            return Err("the key id does not match the key".into());
        }
        Ok(VerifierKey {
            name: name.to_owned(),
            id,
            public,
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The note's text, if it carries a valid signature by this key.
    pub fn open<'a>(&self, note: &'a str) -> Result<&'a str, String> {
        let Some(blank) = note.rfind("\n\n") else {
            return Err("a signed note is its text, a blank line and its signatures".into());
        };
        let (text, signatures) = (&note[..=blank], &note[blank + 2..]);
        if !signatures.ends_with('\n') {
            return Err("a signed note ends with a newline".into());
        }
        for line in signatures.lines() {
            let Some(rest) = line.strip_prefix("\u{2014} ") else {
                return Err(format!("{line:?} is not a signature line"));
            };
            let Some((name, signature)) = rest.split_once(' ') else {
                return Err(format!("{line:?} is not a signature line"));
            };
            if name != self.name {
                continue;
            }
            let bytes = STANDARD
                .decode(signature)
                .map_err(|_| format!("the signature of {name} is not base64"))?;
            if bytes.len() != 68 || bytes[..4] != self.id.to_be_bytes() {
                continue;
            }
            return UnparsedPublicKey::new(&ED25519, &self.public)
                .verify(text.as_bytes(), &bytes[4..])
                .map(|()| text)
                .map_err(|_| format!("the signature of {name} does not verify"));
        }
        Err(format!("the note carries no signature by {}", self.name))
    }
}

impl std::fmt::Display for VerifierKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut key = vec![ED25519_ALG];
        key.extend_from_slice(&self.public);
        write!(f, "{}+{:08x}+{}", self.name, self.id, STANDARD.encode(key))
    }
}

/// A key that signs notes.
#[derive(Clone)]
pub struct SignerKey {
    verifier: VerifierKey,
    pair: std::sync::Arc<Ed25519KeyPair>,
    seed: [u8; 32],
}

impl std::fmt::Debug for SignerKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SignerKey({})", self.verifier)
    }
}

impl SignerKey {
    fn from_seed(name: &str, seed: [u8; 32]) -> Result<SignerKey, String> {
        check_name(name)?;
        let pair = Ed25519KeyPair::from_seed_unchecked(&seed)
            .map_err(|_| "not an Ed25519 seed".to_owned())?;
        let mut public = [0u8; 32];
        public.copy_from_slice(pair.public_key().as_ref());
        Ok(SignerKey {
            verifier: VerifierKey {
                name: name.to_owned(),
                id: key_id(name, &public),
                public,
            },
            pair: std::sync::Arc::new(pair),
            seed,
        })
    }

    /// A new random key named `name` (the log's origin).
    pub fn generate(name: &str) -> Result<SignerKey, String> {
        SignerKey::from_seed(name, rand::random())
    }

    /// `PRIVATE+KEY+<name>+<id>+<base64>`.
    pub fn parse(text: &str) -> Result<SignerKey, String> {
        let Some(rest) = text.trim().strip_prefix("PRIVATE+KEY+") else {
            return Err("a signing key starts with PRIVATE+KEY+ (see `bourre log keygen`)".into());
        };
        let (name, id, seed) = parts(rest)?;
        let key = SignerKey::from_seed(name, seed)?;
        if key.verifier.id != id {
            return Err("the key id does not match the key".into());
        }
        Ok(key)
    }

    pub fn verifier(&self) -> &VerifierKey {
        &self.verifier
    }

    /// The key as [`SignerKey::parse`] reads it: a secret.
    pub fn secret_text(&self) -> String {
        let mut key = vec![ED25519_ALG];
        key.extend_from_slice(&self.seed);
        format!(
            "PRIVATE+KEY+{}+{:08x}+{}",
            self.verifier.name,
            self.verifier.id,
            STANDARD.encode(key)
        )
    }

    /// The checkpoint of a tree of `size` leaves with `root`, its origin this key's name,
    /// signed.
    pub fn sign_checkpoint(&self, size: u64, root: Hash) -> String {
        self.sign(
            &Checkpoint {
                origin: self.verifier.name.clone(),
                size,
                root,
            }
            .text(),
        )
    }

    /// `text` (lines ending in `\n`) signed: a note.
    pub fn sign(&self, text: &str) -> String {
        let mut signature = self.verifier.id.to_be_bytes().to_vec();
        signature.extend_from_slice(self.pair.sign(text.as_bytes()).as_ref());
        format!(
            "{text}\n\u{2014} {} {}\n",
            self.verifier.name,
            STANDARD.encode(signature)
        )
    }
}

/// A checkpoint: the log's origin, its size and its root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    pub origin: String,
    pub size: u64,
    pub root: Hash,
}

impl Checkpoint {
    /// The C2SP `tlog-checkpoint` body: origin, size, base64 root, each on its line.
    pub fn text(&self) -> String {
        format!(
            "{}\n{}\n{}\n",
            self.origin,
            self.size,
            STANDARD.encode(self.root)
        )
    }

    /// A checkpoint body (extension lines after the root are allowed, and ignored).
    pub fn parse(text: &str) -> Result<Checkpoint, String> {
        let mut lines = text.split('\n');
        let (Some(origin), Some(size), Some(root)) = (lines.next(), lines.next(), lines.next())
        else {
            return Err("a checkpoint is origin, size and root, a line each".into());
        };
        if origin.is_empty() {
            return Err("the checkpoint has no origin".into());
        }
        if size.is_empty()
            || !size.bytes().all(|b| b.is_ascii_digit())
            || size.starts_with("0") && size.len() > 1
        {
            return Err(format!("{size:?} is not a tree size"));
        }
        let size: u64 = size
            .parse()
            .map_err(|_| format!("{size:?} is not a tree size"))?;
        let root = STANDARD
            .decode(root)
            .ok()
            .and_then(|r| <Hash>::try_from(r).ok())
            .ok_or_else(|| format!("{root:?} is not a base64 SHA-256 root"))?;
        Ok(Checkpoint {
            origin: origin.to_owned(),
            size,
            root,
        })
    }

    /// The checkpoint of a signed note, checked with `key`; its origin must be the key's
    /// name.
    pub fn open(note: &str, key: &VerifierKey) -> Result<Checkpoint, String> {
        let checkpoint = Checkpoint::parse(key.open(note)?)?;
        if checkpoint.origin != key.name() {
            return Err(format!(
                "the checkpoint's origin {:?} is not the key's {:?}",
                checkpoint.origin,
                key.name()
            ));
        }
        Ok(checkpoint)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signed_checkpoint_opens_with_its_key_only() {
        let key = SignerKey::generate("example.com/log").expect("key");
        let again = SignerKey::parse(&key.secret_text()).expect("parses");
        assert_eq!(again.verifier(), key.verifier());
        let verifier = VerifierKey::parse(&key.verifier().to_string()).expect("parses");
        let checkpoint = Checkpoint {
            origin: "example.com/log".into(),
            size: 12,
            root: [7; 32],
        };
        let note = key.sign(&checkpoint.text());
        assert_eq!(Checkpoint::open(&note, &verifier), Ok(checkpoint.clone()));
        let other = SignerKey::generate("example.com/log").expect("key");
        assert!(Checkpoint::open(&note, other.verifier()).is_err());
        let forged = note.replace("\n12\n", "\n13\n");
        assert!(Checkpoint::open(&forged, &verifier).is_err());
    }

    #[test]
    fn goes_sumdb_key_and_note_are_read() {
        // The example key and note of golang.org/x/mod/sumdb/note's documentation.
        let verifier = VerifierKey::parse(
            "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",
        )
        .expect("parses");
        let note = "If you think cryptography is the answer to your problem,\n\
                    then you don't know what your problem is.\n\
                    \n\
                    \u{2014} PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n";
        assert_eq!(
            verifier.open(note),
            Ok(
                "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n"
            )
        );
        let signer = SignerKey::parse(
            "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz",
        )
        .expect("parses");
        assert_eq!(signer.verifier(), &verifier);
    }
}
