//! Which addresses webhooks and Web Push may be sent to without
//! `BOURRE_WEBHOOK_ALLOW_PRIVATE`: globally reachable unicast only. The blocks refused are
//! IANA's special-purpose address registries (IPv4 and IPv6, as of 2026), entry by entry,
//! plus multicast and, for IPv6, everything outside global unicast `2000::/3`. An IPv6
//! address that carries an IPv4 one (mapped, compatible, translated, NAT64) is judged as
//! that IPv4 address where the kernel would reach it, and refused otherwise.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// An entry of a registry: its first address, prefix length and name.
pub struct Block<A> {
    pub first: A,
    pub prefix: u8,
    pub name: &'static str,
}

const fn v4(a: u8, b: u8, c: u8, d: u8, prefix: u8, name: &'static str) -> Block<Ipv4Addr> {
    Block {
        first: Ipv4Addr::new(a, b, c, d),
        prefix,
        name,
    }
}

const fn v6(segments: [u16; 8], prefix: u8, name: &'static str) -> Block<Ipv6Addr> {
    let [a, b, c, d, e, f, g, h] = segments;
    Block {
        first: Ipv6Addr::new(a, b, c, d, e, f, g, h),
        prefix,
        name,
    }
}

/// IANA's IPv4 Special-Purpose Address Registry, every entry, and multicast.
pub const SPECIAL_V4: &[Block<Ipv4Addr>] = &[
    v4(0, 0, 0, 0, 8, "\"This network\" (RFC 791)"),
    v4(0, 0, 0, 0, 32, "\"This host on this network\" (RFC 1122)"),
    v4(10, 0, 0, 0, 8, "Private-Use (RFC 1918)"),
    v4(100, 64, 0, 0, 10, "Shared Address Space (RFC 6598)"),
    v4(127, 0, 0, 0, 8, "Loopback (RFC 1122)"),
    v4(169, 254, 0, 0, 16, "Link Local (RFC 3927)"),
    v4(172, 16, 0, 0, 12, "Private-Use (RFC 1918)"),
    v4(192, 0, 0, 0, 24, "IETF Protocol Assignments (RFC 6890)"),
    v4(
        192,
        0,
        0,
        0,
        29,
        "IPv4 Service Continuity Prefix (RFC 7335)",
    ),
    v4(192, 0, 0, 8, 32, "IPv4 dummy address (RFC 7600)"),
    v4(192, 0, 0, 9, 32, "Port Control Protocol Anycast (RFC 7723)"),
    v4(
        192,
        0,
        0,
        10,
        32,
        "Traversal Using Relays around NAT Anycast (RFC 8155)",
    ),
    v4(192, 0, 0, 170, 32, "NAT64/DNS64 Discovery (RFC 8880)"),
    v4(192, 0, 0, 171, 32, "NAT64/DNS64 Discovery (RFC 8880)"),
    v4(192, 0, 2, 0, 24, "Documentation (TEST-NET-1) (RFC 5737)"),
    v4(192, 31, 196, 0, 24, "AS112-v4 (RFC 7535)"),
    v4(192, 52, 193, 0, 24, "AMT (RFC 7450)"),
    v4(
        192,
        88,
        99,
        0,
        24,
        "Deprecated (6to4 Relay Anycast) (RFC 7526)",
    ),
    v4(192, 88, 99, 2, 32, "6a44-relay anycast address (RFC 6751)"),
    v4(192, 168, 0, 0, 16, "Private-Use (RFC 1918)"),
    v4(
        192,
        175,
        48,
        0,
        24,
        "Direct Delegation AS112 Service (RFC 7534)",
    ),
    v4(198, 18, 0, 0, 15, "Benchmarking (RFC 2544)"),
    v4(198, 51, 100, 0, 24, "Documentation (TEST-NET-2) (RFC 5737)"),
    v4(203, 0, 113, 0, 24, "Documentation (TEST-NET-3) (RFC 5737)"),
    v4(240, 0, 0, 0, 4, "Reserved (RFC 1112)"),
    v4(255, 255, 255, 255, 32, "Limited Broadcast (RFC 919)"),
    v4(224, 0, 0, 0, 4, "Multicast (RFC 5771)"),
];

/// IANA's IPv6 Special-Purpose Address Registry, every entry, with multicast and the
/// deprecated site-local block.
pub const SPECIAL_V6: &[Block<Ipv6Addr>] = &[
    v6([0, 0, 0, 0, 0, 0, 0, 1], 128, "Loopback Address (RFC 4291)"),
    v6(
        [0, 0, 0, 0, 0, 0, 0, 0],
        128,
        "Unspecified Address (RFC 4291)",
    ),
    v6(
        [0, 0, 0, 0, 0, 0xffff, 0, 0],
        96,
        "IPv4-mapped Address (RFC 4291)",
    ),
    v6(
        [0x64, 0xff9b, 0, 0, 0, 0, 0, 0],
        96,
        "IPv4-IPv6 Translat. (RFC 6052)",
    ),
    v6(
        [0x64, 0xff9b, 1, 0, 0, 0, 0, 0],
        48,
        "IPv4-IPv6 Translat. (RFC 8215)",
    ),
    v6(
        [0x100, 0, 0, 0, 0, 0, 0, 0],
        64,
        "Discard-Only Address Block (RFC 6666)",
    ),
    v6(
        [0x100, 0, 0, 1, 0, 0, 0, 0],
        64,
        "Dummy IPv6 Prefix (RFC 9780)",
    ),
    v6(
        [0x2001, 0, 0, 0, 0, 0, 0, 0],
        23,
        "IETF Protocol Assignments (RFC 2928)",
    ),
    v6([0x2001, 0, 0, 0, 0, 0, 0, 0], 32, "TEREDO (RFC 4380)"),
    v6(
        [0x2001, 1, 0, 0, 0, 0, 0, 1],
        128,
        "Port Control Protocol Anycast (RFC 7723)",
    ),
    v6(
        [0x2001, 1, 0, 0, 0, 0, 0, 2],
        128,
        "TURN Anycast (RFC 8155)",
    ),
    v6(
        [0x2001, 1, 0, 0, 0, 0, 0, 3],
        128,
        "DNS-SD Service Registration Protocol Anycast (RFC 9665)",
    ),
    v6([0x2001, 2, 0, 0, 0, 0, 0, 0], 48, "Benchmarking (RFC 5180)"),
    v6([0x2001, 3, 0, 0, 0, 0, 0, 0], 32, "AMT (RFC 7450)"),
    v6([0x2001, 4, 0x112, 0, 0, 0, 0, 0], 48, "AS112-v6 (RFC 7535)"),
    v6(
        [0x2001, 0x10, 0, 0, 0, 0, 0, 0],
        28,
        "Deprecated (previously ORCHID) (RFC 4843)",
    ),
    v6([0x2001, 0x20, 0, 0, 0, 0, 0, 0], 28, "ORCHIDv2 (RFC 7343)"),
    v6(
        [0x2001, 0x30, 0, 0, 0, 0, 0, 0],
        28,
        "Drone Remote ID Protocol Entity Tags (RFC 9374)",
    ),
    v6(
        [0x2001, 0xdb8, 0, 0, 0, 0, 0, 0],
        32,
        "Documentation (RFC 3849)",
    ),
    v6([0x2002, 0, 0, 0, 0, 0, 0, 0], 16, "6to4 (RFC 3056)"),
    v6(
        [0x2620, 0x4f, 0x8000, 0, 0, 0, 0, 0],
        48,
        "Direct Delegation AS112 Service (RFC 7534)",
    ),
    v6(
        [0x3fff, 0, 0, 0, 0, 0, 0, 0],
        20,
        "Documentation (RFC 9637)",
    ),
    v6(
        [0x5f00, 0, 0, 0, 0, 0, 0, 0],
        16,
        "Segment Routing (SRv6) SIDs (RFC 9602)",
    ),
    v6([0xfc00, 0, 0, 0, 0, 0, 0, 0], 7, "Unique-Local (RFC 4193)"),
    v6(
        [0xfe80, 0, 0, 0, 0, 0, 0, 0],
        10,
        "Link-Local Unicast (RFC 4291)",
    ),
    v6(
        [0xfec0, 0, 0, 0, 0, 0, 0, 0],
        10,
        "Site-Local, deprecated (RFC 3879)",
    ),
    v6([0xff00, 0, 0, 0, 0, 0, 0, 0], 8, "Multicast (RFC 4291)"),
];

/// The last address of a block of `width` bits: its first with every host bit set.
fn last(first: u128, prefix: u8, width: u32) -> u128 {
    let host = width - u32::from(prefix.min(width as u8));
    let mask = if host >= 128 {
        u128::MAX
    } else {
        (1u128 << host) - 1
    };
    first | mask
}

fn in_v4(ip: Ipv4Addr, block: &Block<Ipv4Addr>) -> bool {
    let (first, ip) = (u128::from(block.first.to_bits()), u128::from(ip.to_bits()));
    (first..=last(first, block.prefix, 32)).contains(&ip)
}

fn in_v6(ip: Ipv6Addr, block: &Block<Ipv6Addr>) -> bool {
    let (first, ip) = (block.first.to_bits(), ip.to_bits());
    (first..=last(first, block.prefix, 128)).contains(&ip)
}

/// Whether an endpoint may be sent to at `ip` without `allow_private`.
pub fn public_address(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => !SPECIAL_V4.iter().any(|block| in_v4(v4, block)),
        // An IPv4-mapped address is how the kernel reaches an IPv4 one over an IPv6
        // socket: it is that address. Every other form that carries an IPv4 address
        // (compatible, translated, NAT64, Teredo, 6to4) lies outside global unicast or in
        // a special-purpose block, so it is refused.
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => public_address(IpAddr::V4(v4)),
            None => {
                let global_unicast = (v6.segments()[0] & 0xe000) == 0x2000;
                global_unicast && !SPECIAL_V6.iter().any(|block| in_v6(v6, block))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first and last address of each entry, and an address just outside it that no
    /// other entry holds, where there is one.
    #[test]
    fn every_special_purpose_block_is_refused_from_end_to_end() {
        for block in SPECIAL_V4 {
            let first = block.first.to_bits();
            let end = last(u128::from(first), block.prefix, 32);
            let end = Ipv4Addr::from_bits(u32::try_from(end).unwrap_or(u32::MAX));
            for ip in [block.first, end] {
                assert!(
                    !public_address(IpAddr::V4(ip)),
                    "{ip} ({}) passed",
                    block.name
                );
                // The same address mapped into IPv6 is the same address.
                let mapped = IpAddr::V6(ip.to_ipv6_mapped());
                assert!(!public_address(mapped), "{mapped} ({}) passed", block.name);
            }
        }
        for block in SPECIAL_V6 {
            let end = Ipv6Addr::from_bits(last(block.first.to_bits(), block.prefix, 128));
            for ip in [block.first, end] {
                assert!(
                    !public_address(IpAddr::V6(ip)),
                    "{ip} ({}) passed",
                    block.name
                );
            }
        }
    }

    #[test]
    fn the_neighbours_of_special_blocks_in_global_space_pass() {
        for public in [
            "8.8.8.8",
            "1.1.1.1",
            "9.255.255.255",
            "11.0.0.0",
            "100.63.255.255",
            "100.128.0.0",
            "172.15.255.255",
            "172.32.0.0",
            "192.0.1.0",
            "192.88.98.255",
            "192.167.255.255",
            "192.169.0.0",
            "198.17.255.255",
            "198.20.0.0",
            "223.255.255.255",
            "93.184.215.14",
            "2606:4700:4700::1111",
            "2001:4860:4860::8888",
            "2001:200::1",
            "2620:4f:8001::1",
            "2003::1",
            "::ffff:8.8.8.8",
        ] {
            let ip: IpAddr = public.parse().unwrap_or_else(|_| panic!("{public}"));
            assert!(public_address(ip), "{public} refused");
        }
    }

    #[test]
    fn ipv4_carried_in_ipv6_is_refused_in_every_form() {
        for carried in [
            // IPv4-translated (RFC 2765): what `http://[::ffff:0:127.0.0.1]/` names.
            "::ffff:0:127.0.0.1",
            "::ffff:0:8.8.8.8",
            // IPv4-compatible (deprecated).
            "::127.0.0.1",
            "::8.8.8.8",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.5",
            "::ffff:169.254.169.254",
            "64:ff9b::7f00:1",
            "64:ff9b:1::a00:5",
            "2002:7f00:1::",
            "2001::7f00:1",
            // Outside 2000::/3, not assigned.
            "4000::1",
            "1000::1",
        ] {
            let ip: IpAddr = carried.parse().unwrap_or_else(|_| panic!("{carried}"));
            assert!(!public_address(ip), "{carried} passed");
        }
    }
}
