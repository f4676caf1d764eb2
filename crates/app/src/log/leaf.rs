//! A hand's leaf in the public log: six lines of text naming the table, the hand, the row
//! that finished it (its `seed_revealed` event: seq and hash, the table's chain head then)
//! and the commitment published before it was dealt. Pure.

use uuid::Uuid;

/// The first line of every hand's leaf (its format's version).
const MAGIC: &str = "bourre hand v1";

/// What a leaf says of one finished hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandLeaf {
    pub table_id: Uuid,
    pub hand_no: u32,
    /// The seq of the hand's `seed_revealed` row.
    pub seq: i64,
    /// That row's `hash`, 64 lowercase hex digits.
    pub head: String,
    /// SHA-256 of the hand's server seed as published before the deal, 64 lowercase hex.
    pub commitment: String,
}

fn is_hash(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

impl HandLeaf {
    /// The leaf's bytes.
    pub fn bytes(&self) -> Vec<u8> {
        format!(
            "{MAGIC}\ntable {}\nhand {}\nseq {}\nhead {}\ncommitment {}\n",
            self.table_id, self.hand_no, self.seq, self.head, self.commitment
        )
        .into_bytes()
    }

    /// A leaf's bytes read back; only the exact form [`HandLeaf::bytes`] writes is well
    /// formed.
    pub fn parse(bytes: &[u8]) -> Result<HandLeaf, String> {
        let text = std::str::from_utf8(bytes).map_err(|_| "the leaf is not UTF-8".to_owned())?;
        let fields: Vec<&str> = text.split('\n').collect();
        let [magic, table, hand, seq, head, commitment, ""] = fields.as_slice() else {
            return Err("a hand's leaf is six lines, each ending in a newline".into());
        };
        if *magic != MAGIC {
            return Err(format!("the leaf's first line is {magic:?}, not {MAGIC:?}"));
        }
        let field = |line: &'_ str, name: &str| -> Result<String, String> {
            line.strip_prefix(name)
                .and_then(|rest| rest.strip_prefix(' '))
                .map(str::to_owned)
                .ok_or_else(|| format!("the leaf's line {line:?} is not `{name} ...`"))
        };
        let leaf = HandLeaf {
            table_id: field(table, "table")?
                .parse()
                .map_err(|_| "the leaf's table is not a UUID".to_owned())?,
            hand_no: field(hand, "hand")?
                .parse()
                .map_err(|_| "the leaf's hand is not a number".to_owned())?,
            seq: field(seq, "seq")?
                .parse()
                .map_err(|_| "the leaf's seq is not a number".to_owned())?,
            head: field(head, "head")?,
            commitment: field(commitment, "commitment")?,
        };
        if !is_hash(&leaf.head) || !is_hash(&leaf.commitment) {
            return Err("the leaf's head and commitment are 64 lowercase hex digits".into());
        }
        if leaf.bytes() != bytes {
            return Err("the leaf is not in its one written form".into());
        }
        Ok(leaf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leaf_reads_back_and_nothing_else_does() {
        let leaf = HandLeaf {
            table_id: Uuid::nil(),
            hand_no: 3,
            seq: 57,
            head: "ab".repeat(32),
            commitment: "0c".repeat(32),
        };
        let bytes = leaf.bytes();
        assert_eq!(HandLeaf::parse(&bytes), Ok(leaf.clone()));
        let text = String::from_utf8(bytes).expect("text");
        for bad in [
            text.replace("hand 3", "hand 03"),
            text.replace("hand 3", "hand  3"),
            text.replace("bourre hand v1", "bourre hand v2"),
            text.trim_end().to_owned(),
            format!("{text}extra\n"),
            text.replace(&"ab".repeat(32), &"AB".repeat(32)),
        ] {
            assert!(HandLeaf::parse(bad.as_bytes()).is_err(), "{bad:?}");
        }
    }
}
