//! The QR code a device shows for its enrolment (issue 13): the chief TD's machine reads it
//! with a scanner (which types it, like a keyboard) or a camera app, instead of typing 64
//! hex digits. The payload is `tdlog-key:` and the public key in hex; the enrol field accepts
//! it as well as the fingerprint (`enrol::parse_fingerprint`). Rendered here as SVG (the
//! `qrcode` crate: deterministic, no image stack), so the webview only shows it.

use qrcode::{EcLevel, QrCode};
use tdlog::log::Hash32;

/// What the QR code says: `tdlog-key:<64 hex digits>`.
pub const PREFIX: &str = "tdlog-key:";

pub fn payload(key: &Hash32) -> String {
    format!("{PREFIX}{}", key.to_hex())
}

/// The code's modules (error correction M: a smudged screen or a cheap scanner still reads it).
pub fn code(key: &Hash32) -> Option<QrCode> {
    QrCode::with_error_correction_level(payload(key).as_bytes(), EcLevel::M).ok()
}

/// The QR code as an SVG element (black on white, with its quiet zone), or empty if it
/// cannot be made (it always can for 74 bytes).
pub fn svg(key: &Hash32) -> String {
    code(key)
        .map(|c| {
            c.render::<qrcode::render::svg::Color>()
                .min_dimensions(180, 180)
                .dark_color(qrcode::render::svg::Color("#000000"))
                .light_color(qrcode::render::svg::Color("#ffffff"))
                .build()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tdlog::keys::{fingerprint, DeviceKey};

    /// Reads the code back the way a scanner would: the modules drawn 4 pixels each with a
    /// 4-module quiet zone, found and decoded by an independent reader (`rqrr`).
    fn scan(c: &QrCode) -> String {
        let w = c.width();
        let colors = c.to_colors();
        let (scale, quiet) = (4, 4);
        let side = (w + 2 * quiet) * scale;
        let mut img = rqrr::PreparedImage::prepare_from_greyscale(side, side, |x, y| {
            let (mx, my) = (x / scale, y / scale);
            let inside = (quiet..quiet + w).contains(&mx) && (quiet..quiet + w).contains(&my);
            let dark = inside && colors[(my - quiet) * w + (mx - quiet)] == qrcode::Color::Dark;
            if dark {
                0
            } else {
                255
            }
        });
        let grids = img.detect_grids();
        assert_eq!(grids.len(), 1, "one QR code found");
        grids[0].decode().expect("the code decodes").1
    }

    #[test]
    fn the_enrolment_qr_code_decodes_back_to_the_devices_key_and_fingerprint() {
        let k = DeviceKey::generate();
        let c = code(&k.public()).unwrap();
        let read = scan(&c);
        assert_eq!(read, format!("tdlog-key:{}", k.public().to_hex()));
        // What the scanner types into the enrol field names the same key as the fingerprint.
        let from_qr = crate::enrol::parse_fingerprint(&read).unwrap();
        let from_fp = crate::enrol::parse_fingerprint(&fingerprint(&k.public())).unwrap();
        assert_eq!(from_qr, k.public());
        assert_eq!(from_qr, from_fp);
    }

    #[test]
    fn the_svg_draws_the_same_modules_every_time() {
        let k = DeviceKey::generate();
        let s = svg(&k.public());
        assert!(s.contains("<svg") && s.contains("#000000"), "{s}");
        assert_eq!(s, svg(&k.public()), "deterministic");
        // 74 bytes at level M: version 5, 37 modules a side.
        assert_eq!(code(&k.public()).unwrap().width(), 37);
    }
}
