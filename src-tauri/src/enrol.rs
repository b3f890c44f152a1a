//! Keys in the app: the chief TD enrols a device's key from its fingerprint (as
//! `tdlog key enrol`) and revokes one (as `tdlog key revoke`, its events up to its last
//! signed one standing). The log's rules decide who may sign these (the chief TD).

use crate::error::AppError;
use crate::session::Opened;
use tdlog::events::{KeyEnrolled, KeyRevoked, Payload};
use tdlog::keys::Role;
use tdlog::log::Hash32;

/// The public key a fingerprint names: 64 hex digits, spaces and dashes ignored (the device
/// shows it in groups of four), or the text of the device's QR code as a scanner types it
/// (`tdlog-key:` and the 64 hex digits, `crate::qr`).
pub fn parse_fingerprint(text: &str) -> Result<Hash32, AppError> {
    let trimmed = text.trim();
    let body = match trimmed.get(..crate::qr::PREFIX.len()) {
        Some(p) if p.eq_ignore_ascii_case(crate::qr::PREFIX) => &trimmed[crate::qr::PREFIX.len()..],
        _ => trimmed,
    };
    let hex: String = body
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect::<String>()
        .to_ascii_lowercase();
    let bad = || {
        AppError::new(
            "bad_fingerprint",
            format!("{text:?} is not a key fingerprint (64 hex digits)"),
        )
    };
    if hex.len() != 64 {
        return Err(bad());
    }
    Hash32::from_hex(&hex).map_err(|_| bad())
}

/// The short code a person reads back to confirm the key: the fingerprint's first eight hex
/// digits in two groups ("3f2a-91c0").
pub fn short_code(key: &Hash32) -> String {
    let h = key.to_hex();
    format!("{}-{}", &h[..4], &h[4..8])
}

/// `key.enrolled` for the key a fingerprint names, with its role and holder.
pub fn enrol_payload(fingerprint: &str, role: &str, holder: &str) -> Result<Payload, AppError> {
    let key = parse_fingerprint(fingerprint)?;
    let role: Role = role.parse().map_err(|_| {
        AppError::new("bad_role", format!("{role:?} is not a role")).with("role", role)
    })?;
    let holder = holder.trim();
    if holder.is_empty() {
        return Err(AppError::new(
            "holder_missing",
            "name the holder of the device",
        ));
    }
    Ok(Payload::KeyEnrolled(KeyEnrolled {
        key,
        role,
        holder: holder.to_owned(),
    }))
}

/// `key.revoked` for an enrolled key: its events up to the last one it signed stand.
pub fn revoke_payload(o: &Opened, fingerprint: &str, reason: &str) -> Result<Payload, AppError> {
    let key = parse_fingerprint(fingerprint)?;
    if reason.trim().is_empty() {
        return Err(AppError::new(
            "reason_missing",
            "give the reason for the revocation",
        ));
    }
    if o.replayed.log.keys.get(&key).is_none() {
        return Err(AppError::new(
            "not_enrolled",
            format!("key {} is not enrolled", key.short()),
        )
        .with("code", short_code(&key)));
    }
    let last = o
        .replayed
        .log
        .events
        .iter()
        .filter(|e| e.env.author == key)
        .map(|e| e.env.seq)
        .max()
        .unwrap_or(0);
    Ok(Payload::KeyRevoked(KeyRevoked {
        key,
        last_valid_seq: last,
        reason: reason.trim().to_owned(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::tests_support::*;
    use tdlog::keys::{fingerprint, DeviceKey};

    /// D7: a new device's key is enrolled from the app by the chief TD, from the
    /// fingerprint the device shows; a TD's key may not enrol; the key can then sign.
    #[test]
    fn the_chief_td_enrols_a_new_device_from_its_fingerprint_and_revokes_it() {
        let p = demo();
        let dir = device_dir(&p);
        let fresh = DeviceKey::generate();
        let shown = fingerprint(&fresh.public());
        assert!(parse_fingerprint("12 34").is_err());
        assert_eq!(parse_fingerprint(&shown).unwrap(), fresh.public());
        let enrol = enrol_payload(&shown, "td", "Ann New, tablet 3").unwrap();
        let refused = crate::board::append(&p, &dir, &demo_key("td1"), enrol.clone());
        assert_eq!(refused.unwrap_err().code, "role_may_not_sign");
        crate::board::append(&p, &dir, &demo_key("chief"), enrol).unwrap();
        let o = open(&p, &|_| {}).unwrap();
        let k = o.replayed.log.keys.get(&fresh.public()).expect("enrolled");
        assert_eq!((k.role, k.holder.as_str()), (Role::Td, "Ann New, tablet 3"));
        assert_eq!(short_code(&fresh.public()), {
            let h = fresh.public().to_hex();
            format!("{}-{}", &h[..4], &h[4..8])
        });
        let revoke = revoke_payload(&o, &shown, "tablet lost").unwrap();
        crate::board::append(&p, &dir, &demo_key("chief"), revoke).unwrap();
        let o = open(&p, &|_| {}).unwrap();
        assert!(o
            .replayed
            .log
            .keys
            .get(&fresh.public())
            .unwrap()
            .revoked
            .is_some());
        assert_eq!(
            enrol_payload(&shown, "king", "x").unwrap_err().code,
            "bad_role"
        );
    }
}
