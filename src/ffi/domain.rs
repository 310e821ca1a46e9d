//! `motive_domain_builder` and `motive_domain`: defining a domain and sharing it.

use std::ffi::c_char;
use std::sync::Arc;

use super::facts::value_type_from_code;
use super::guard::{guard, guard_value, FfiError};
use super::pointers::{borrow, borrow_mut, free, out, utf8};
use super::status::motive_status;
use crate::core::{AttributeId, Domain, DomainBuilder};

/// Dense id of an attribute in its domain (0, 1, 2, … in definition order).
pub type motive_attribute = u32;

/// Collects definitions until `motive_domain_builder_build` (opaque; owned by the caller).
/// Not safe for concurrent use: one thread at a time.
pub struct motive_domain_builder {
    inner: DomainBuilder,
}

/// An immutable, built domain (opaque). Reference-counted internally: worlds keep their own
/// reference, so the caller may destroy its handle whenever it no longer needs it.
/// Thread-safe: any number of threads may read it at once.
pub struct motive_domain {
    inner: Arc<Domain>,
}

impl motive_domain {
    pub(crate) fn shared(&self) -> &Arc<Domain> {
        &self.inner
    }
}

/// Creates an empty domain builder in `*out_builder`; free it with
/// `motive_domain_builder_destroy`.
///
/// # Safety
/// `out_builder` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_create(
    out_builder: *mut *mut motive_domain_builder,
) -> motive_status {
    guard(|| {
        out(out_builder, "out_builder")?.write(Box::into_raw(Box::new(motive_domain_builder {
            inner: DomainBuilder::new(),
        })));
        Ok(())
    })
}

/// Frees a builder. NULL does nothing. Domains it built are unaffected.
///
/// # Safety
/// `builder` must be NULL or live, and not used again.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_destroy(builder: *mut motive_domain_builder) {
    // SAFETY: created by Box::into_raw in motive_domain_builder_create (or NULL).
    guard_value((), || unsafe { free(builder) })
}

/// Defines an attribute called `name` (an identifier: a letter or '_', then letters, digits,
/// '_', '-' or '.'; at most 64 bytes; UTF-8, NUL-terminated) whose facts hold values of
/// `value_type` (a `motive_value_type`), and writes its id to `*out_attribute`.
/// Fails with `MOTIVE_STATUS_ALREADY_EXISTS` for a name defined before.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `out_attribute` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_attribute(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    value_type: u32,
    out_attribute: *mut motive_attribute,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let builder = unsafe { borrow_mut(builder, "builder") }?;
        // SAFETY: as above.
        let name = unsafe { utf8(name, "name") }?;
        let out_attribute = out(out_attribute, "out_attribute")?;
        let value_type = value_type_from_code(value_type)?;
        let id = builder.inner.add_attribute(name, value_type)?;
        out_attribute.write(id.0);
        Ok(())
    })
}

/// Builds an immutable domain from the builder's definitions into `*out_domain`; free it with
/// `motive_domain_destroy`. The builder is unchanged and may keep defining and build again.
///
/// # Safety
/// `builder` must be NULL or live; `out_domain` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_build(
    builder: *const motive_domain_builder,
    out_domain: *mut *mut motive_domain,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let builder = unsafe { borrow(builder, "builder") }?;
        let out_domain = out(out_domain, "out_domain")?;
        let inner = builder.inner.build()?;
        out_domain.write(Box::into_raw(Box::new(motive_domain { inner })));
        Ok(())
    })
}

/// Releases the caller's reference to a domain. NULL does nothing. Worlds created from it keep
/// working.
///
/// # Safety
/// `domain` must be NULL or live, and not used again.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_destroy(domain: *mut motive_domain) {
    // SAFETY: created by Box::into_raw in motive_domain_builder_build (or NULL).
    guard_value((), || unsafe { free(domain) })
}

/// Looks up the attribute called `name` and writes its id to `*out_attribute`;
/// `MOTIVE_STATUS_NOT_FOUND` when there is none. Thread-safe.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_attribute` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_attribute(
    domain: *const motive_domain,
    name: *const c_char,
    out_attribute: *mut motive_attribute,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let domain = unsafe { borrow(domain, "domain") }?;
        // SAFETY: as above.
        let name = unsafe { utf8(name, "name") }?;
        let out_attribute = out(out_attribute, "out_attribute")?;
        let AttributeId(id) = domain.inner.find_attribute(name).ok_or_else(|| {
            FfiError::new(
                motive_status::NotFound,
                format!("the domain has no attribute {name:?}"),
            )
        })?;
        out_attribute.write(id);
        Ok(())
    })
}
