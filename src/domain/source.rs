//! The text of a document, from bytes or a file: at most [`MAX_DOCUMENT_BYTES`], read with a
//! bounded reader (so `/dev/zero` is refused, not read until memory runs out), and UTF-8 (else
//! an error at the first invalid byte). Both refusals are diagnostics like any other.

use std::io::Read;
use std::path::Path;

use super::diagnostic::LoadError;
use super::reader::Ctx;

/// The largest document a load reads, in bytes (64 MiB): far above any domain or scenario, low
/// enough that a wrong file (a log, a device, a disk image) is refused before it is read whole.
/// cbindgen:ignore (C sees `MOTIVE_MAX_DOCUMENT_BYTES`)
pub const MAX_DOCUMENT_BYTES: usize = 64 << 20;

/// `bytes` as the text of a document: an error when there are more than
/// [`MAX_DOCUMENT_BYTES`] or they are not UTF-8.
pub fn document_text(bytes: &[u8]) -> Result<&str, LoadError> {
    if bytes.len() > MAX_DOCUMENT_BYTES {
        return Err(refusal(format!(
            "the document has {} bytes, more than the {MAX_DOCUMENT_BYTES} a document may have",
            bytes.len()
        )));
    }
    std::str::from_utf8(bytes).map_err(|e| not_utf8(bytes, e.valid_up_to()))
}

/// The text of the file at `path`, read up to [`MAX_DOCUMENT_BYTES`]: an error naming the file
/// when it cannot be read, is larger or is not UTF-8.
pub fn read_document(path: &Path) -> Result<String, LoadError> {
    let cannot = |reason: String| refusal(format!("cannot read {}: {reason}", path.display()));
    let file = std::fs::File::open(path).map_err(|e| cannot(e.to_string()))?;
    let mut bytes = Vec::new();
    // One byte more than allowed tells a document at the limit from a larger one.
    file.take(MAX_DOCUMENT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot(e.to_string()))?;
    if bytes.len() > MAX_DOCUMENT_BYTES {
        return Err(cannot(format!(
            "it is larger than the {MAX_DOCUMENT_BYTES} bytes a document may have"
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        not_utf8(e.as_bytes(), valid)
    })
}

/// The error for `bytes`, valid UTF-8 up to `valid`: at the whole document, with the offset,
/// line and column of the first invalid byte.
fn not_utf8(bytes: &[u8], valid: usize) -> LoadError {
    let before = &bytes[..valid];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    // Columns count bytes from 1, as serde_json's do.
    let column = valid - line_start + 1;
    refusal(format!(
        "not UTF-8 text: byte {valid} (line {line}, column {column}) is not valid UTF-8"
    ))
}

/// A load refused as a whole, for `message`.
fn refusal(message: String) -> LoadError {
    let mut ctx = Ctx::default();
    ctx.error("", message);
    LoadError {
        diagnostics: ctx.diagnostics,
    }
}
