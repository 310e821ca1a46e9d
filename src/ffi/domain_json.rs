//! Loading domains from JSON (`docs/domain-format.md`): from a string or a file, with every
//! error and lint warning collected in a caller-owned `motive_diagnostics` list.

use std::ffi::{c_char, CString};
use std::path::Path;

use super::domain::motive_domain;
use super::guard::{guard, guard_value, FfiError, FfiResult};
use super::pointers::{borrow, borrow_mut, free, out, slice, utf8, Out};
use super::status::motive_status;
use crate::domain::{self, Diagnostic, LoadError, Loaded, Severity};

/// The largest document, in bytes, the `motive_domain_load_*` and `motive_scenario_load_*`
/// functions read (64 MiB); a larger one is refused with `MOTIVE_STATUS_PARSE_ERROR`.
pub const MOTIVE_MAX_DOCUMENT_BYTES: usize = 64 << 20;
const _: () = assert!(MOTIVE_MAX_DOCUMENT_BYTES == domain::MAX_DOCUMENT_BYTES);

/// How bad a diagnostic is.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_severity {
    /// Legal, but probably not what was meant (lint); the load succeeded.
    Warning = 0,
    /// The document cannot be loaded as written.
    Error = 1,
}

/// One diagnostic, as `motive_diagnostics_get` returns it. `path` is the JSON Pointer of the
/// value at fault (`/actions/3/effects/0/key`; for a missing member, the object that lacks it;
/// empty for the whole document), whole so that it resolves, and `message` the reason, capped:
/// a name or value it quotes is cut to 64 characters, the whole to 1024. Both are
/// NUL-terminated UTF-8 owned by the list: valid until the list is loaded into again or
/// destroyed.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_diagnostic {
    /// Error or warning.
    pub severity: motive_severity,
    /// JSON Pointer of the value at fault.
    pub path: *const c_char,
    /// Why, with a suggestion for a near-miss name.
    pub message: *const c_char,
}

/// The diagnostics of the last load into it (opaque; owned by the caller). Not safe for
/// concurrent use: one thread at a time.
pub struct motive_diagnostics {
    items: Vec<(Severity, CString, CString)>,
}

impl motive_diagnostics {
    /// Replaces the list's contents with `diagnostics`.
    fn fill<'a>(&mut self, diagnostics: impl IntoIterator<Item = &'a Diagnostic>) {
        // Interior NULs cannot occur in JSON Pointers or our messages, but a document may
        // quote one back: drop them rather than fail.
        let c = |s: &str| CString::new(s.replace('\0', "")).unwrap_or_default();
        self.items = diagnostics
            .into_iter()
            .map(|d| (d.severity, c(&d.path), c(&d.message)))
            .collect();
    }
}

/// Creates an empty diagnostics list into `*out_diagnostics`; free it with
/// `motive_diagnostics_destroy`.
///
/// # Safety
/// `out_diagnostics` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_diagnostics_create(
    out_diagnostics: *mut *mut motive_diagnostics,
) -> motive_status {
    guard(|| {
        let out_diagnostics = out(out_diagnostics, "out_diagnostics")?;
        let list = motive_diagnostics { items: Vec::new() };
        out_diagnostics.write(Box::into_raw(Box::new(list)));
        Ok(())
    })
}

/// Frees a diagnostics list. NULL does nothing.
///
/// # Safety
/// `diagnostics` must be NULL or live, and not used again (nor the strings it handed out).
#[no_mangle]
pub unsafe extern "C" fn motive_diagnostics_destroy(diagnostics: *mut motive_diagnostics) {
    // SAFETY: created by Box::into_raw in motive_diagnostics_create (or NULL).
    guard_value((), || unsafe { free(diagnostics) })
}

/// The number of diagnostics in the list (0 for NULL).
///
/// # Safety
/// `diagnostics` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_diagnostics_count(diagnostics: *const motive_diagnostics) -> usize {
    guard_value(0, || {
        // SAFETY: pointer validity is this function's contract.
        unsafe { borrow(diagnostics, "diagnostics") }.map_or(0, |d| d.items.len())
    })
}

/// Writes diagnostic `index` (from 0, in document order) to `*out_diagnostic`;
/// `MOTIVE_STATUS_NOT_FOUND` when `index` is not below the count.
///
/// # Safety
/// `diagnostics` must be NULL or live; `out_diagnostic` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_diagnostics_get(
    diagnostics: *const motive_diagnostics,
    index: usize,
    out_diagnostic: *mut motive_diagnostic,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let list = unsafe { borrow(diagnostics, "diagnostics") }?;
        let out_diagnostic = out(out_diagnostic, "out_diagnostic")?;
        let (severity, path, message) = list.items.get(index).ok_or_else(|| {
            FfiError::new(
                motive_status::NotFound,
                format!("no diagnostic {index}: the list has {}", list.items.len()),
            )
        })?;
        out_diagnostic.write(motive_diagnostic {
            severity: match severity {
                Severity::Warning => motive_severity::Warning,
                Severity::Error => motive_severity::Error,
            },
            path: path.as_ptr(),
            message: message.as_ptr(),
        });
        Ok(())
    })
}

/// Reports a load: fills `diagnostics` (when not NULL) with what it found and, on success,
/// writes `wrap(value)`, boxed, to `out_object`. A failed load is `MOTIVE_STATUS_PARSE_ERROR`,
/// with the first error (and how many more) as the last error message.
///
/// # Safety
/// `diagnostics` must be NULL or live and not in use by another thread.
pub(crate) unsafe fn finish<T, O>(
    result: Result<Loaded<T>, LoadError>,
    diagnostics: *mut motive_diagnostics,
    out_object: Out<*mut O>,
    wrap: impl FnOnce(T) -> O,
) -> FfiResult<()> {
    // SAFETY: forwarded from this function's contract; NULL means "not wanted".
    let list = (!diagnostics.is_null())
        .then(|| unsafe { borrow_mut(diagnostics, "diagnostics") })
        .transpose()?;
    match result {
        Ok(loaded) => {
            if let Some(list) = list {
                list.fill(&loaded.warnings);
            }
            out_object.write(Box::into_raw(Box::new(wrap(loaded.value))));
            Ok(())
        }
        Err(error) => {
            if let Some(list) = list {
                list.fill(&error.diagnostics);
            }
            Err(FfiError::new(motive_status::ParseError, error.to_string()))
        }
    }
}

/// The `json_length` bytes at `json` as the text of a document, or the load error refusing
/// them (more than `MOTIVE_MAX_DOCUMENT_BYTES`, not UTF-8), reported as any other.
///
/// # Safety
/// `json` must be NULL or point to `json_length` readable bytes.
pub(crate) unsafe fn json_text<'a>(
    json: *const c_char,
    json_length: usize,
) -> FfiResult<Result<&'a str, LoadError>> {
    if json.is_null() {
        return Err(super::pointers::null("json"));
    }
    // SAFETY: json points to json_length readable bytes per the contract.
    let bytes = unsafe { slice(json.cast::<u8>(), json_length, "json") }?;
    Ok(domain::document_text(bytes))
}

/// Loads a domain from `json_length` bytes of UTF-8 JSON at `json` (`docs/domain-format.md`)
/// into `*out_domain`; free it with `motive_domain_destroy`. Every error and lint warning goes
/// to `diagnostics` (pass NULL when not wanted), on success and failure alike, each at the JSON
/// Pointer of the value at fault. Errors: `MOTIVE_STATUS_PARSE_ERROR` for a document that is not
/// a valid domain: not UTF-8 (at pointer "", with the offset of the first invalid byte), larger
/// than `MOTIVE_MAX_DOCUMENT_BYTES`, not JSON (at the innermost value being read, with line and
/// column), with a key written twice in an object, or wrong as a domain.
///
/// # Safety
/// `json` must be NULL or point to `json_length` readable bytes; `diagnostics` NULL or live;
/// `out_domain` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_load_json(
    json: *const c_char,
    json_length: usize,
    diagnostics: *mut motive_diagnostics,
    out_domain: *mut *mut motive_domain,
) -> motive_status {
    guard(|| {
        let out_domain = out(out_domain, "out_domain")?;
        // SAFETY: forwarded from this function's contract.
        let text = unsafe { json_text(json, json_length) }?;
        let result = text.and_then(domain::load_domain);
        // SAFETY: forwarded from this function's contract.
        unsafe { finish(result, diagnostics, out_domain, motive_domain::from_shared) }
    })
}

/// Loads a domain from the JSON file at `path` (NUL-terminated UTF-8) into `*out_domain`, as
/// `motive_domain_load_json` does; a file that cannot be read, or has more than
/// `MOTIVE_MAX_DOCUMENT_BYTES` (reading stops there: a device such as `/dev/zero` is refused
/// promptly), is `MOTIVE_STATUS_PARSE_ERROR` with the reason in the diagnostics.
///
/// # Safety
/// `path` must be NULL or NUL-terminated; `diagnostics` NULL or live; `out_domain` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_load_file(
    path: *const c_char,
    diagnostics: *mut motive_diagnostics,
    out_domain: *mut *mut motive_domain,
) -> motive_status {
    guard(|| {
        let out_domain = out(out_domain, "out_domain")?;
        // SAFETY: pointer validity is this function's contract.
        let path = unsafe { utf8(path, "path") }?;
        let result = domain::load_domain_file(Path::new(path));
        // SAFETY: forwarded from this function's contract.
        unsafe { finish(result, diagnostics, out_domain, motive_domain::from_shared) }
    })
}
