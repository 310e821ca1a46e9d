//! `motive_domain_builder` and `motive_domain`: defining a domain and its attributes, building
//! and sharing it, and the helpers every definition call goes through.

use std::ffi::c_char;
use std::sync::Arc;

use super::enum_codes::decode;
use super::facts::motive_value_type;
use super::guard::{guard, guard_value, FfiError, FfiResult};
use super::pointers::{borrow, borrow_mut, free, out, utf8};
use super::status::motive_status;
use crate::core::{AttributeId, Domain, DomainBuilder, ValueType};

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
    /// A handle holding a reference to `inner`.
    pub(crate) fn from_shared(inner: Arc<Domain>) -> Self {
        motive_domain { inner }
    }

    pub(crate) fn shared(&self) -> &Arc<Domain> {
        &self.inner
    }
}

/// Runs `change` on the builder behind `builder` (NULL is an error), behind the firewall.
///
/// # Safety
/// `builder` must be NULL or live, and not in use by another thread.
pub(crate) unsafe fn edit(
    builder: *mut motive_domain_builder,
    change: impl FnOnce(&mut DomainBuilder) -> FfiResult<()>,
) -> motive_status {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let builder = unsafe { borrow_mut(builder, "builder") }?;
        change(&mut builder.inner)
    })
}

/// Adds a definition called `name` with `add` and writes the id it returns to `*out_id` (the
/// argument `out_name`), which is checked for NULL before anything is added.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `out_id` NULL or writable.
pub(crate) unsafe fn define(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    out_id: *mut u32,
    out_name: &str,
    add: impl FnOnce(&mut DomainBuilder, &str) -> FfiResult<u32>,
) -> motive_status {
    // SAFETY: forwarded from this function's contract.
    unsafe {
        edit(builder, |inner| {
            let name = utf8(name, "name")?;
            let out_id = out(out_id, out_name)?;
            out_id.write(add(inner, name)?);
            Ok(())
        })
    }
}

/// Looks up the definition called `name` in `domain` with `lookup` and writes its id to
/// `*out_id` (the argument `out_name`); `MOTIVE_STATUS_NOT_FOUND`, naming the `kind` of
/// definition, when there is none.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_id` NULL or writable.
pub(crate) unsafe fn find(
    domain: *const motive_domain,
    name: *const c_char,
    out_id: *mut u32,
    out_name: &str,
    kind: &str,
    lookup: impl FnOnce(&Domain, &str) -> Option<u32>,
) -> motive_status {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let domain = borrow(domain, "domain")?;
        // SAFETY: as above.
        let name = utf8(name, "name")?;
        let out_id = out(out_id, out_name)?;
        let id = lookup(&domain.inner, name).ok_or_else(|| {
            FfiError::new(
                motive_status::NotFound,
                format!("the domain has no {kind} {name:?}"),
            )
        })?;
        out_id.write(id);
        Ok(())
    })
}

/// Creates an empty domain builder in `*out_builder`; free it with
/// `motive_domain_builder_destroy`.
///
/// Definitions are added piece by piece (an action, then its preconditions and effects); each
/// call checks what it adds, may only refer to definitions added before it, and changes nothing
/// when it fails.
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
/// Fails with `MOTIVE_STATUS_ALREADY_EXISTS` for a name defined before, and with
/// `MOTIVE_STATUS_INVALID_ARGUMENT` past `MOTIVE_MAX_ATTRIBUTES` attributes.
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
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_attribute, "out_attribute", |b, name| {
            let value_type: ValueType =
                decode::<motive_value_type>(value_type, "value_type")?.into();
            Ok(b.add_attribute(name, value_type)?.0)
        })
    }
}

/// Bounds the number attribute `attribute` to `[min, max]` (finite, `min < max`): effects clamp
/// its values to the range, and needs and `MOTIVE_DURATION_KIND_UNTIL_FULL` actions use its
/// maximum. `MOTIVE_STATUS_TYPE_MISMATCH` for an attribute that does not hold numbers.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_attribute_range(
    builder: *mut motive_domain_builder,
    attribute: motive_attribute,
    min: f64,
    max: f64,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.set_attribute_range(AttributeId(attribute), min, max)?)
        })
    }
}

/// Marks `attribute` significant (or not): when the engine writes a changed value of it on an
/// NPC or a squad (`motive_entity_set_fact`), that unit re-selects its goal and replans on the
/// next tick (a sensor interrupt, P:329), a squad with everything under it.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_attribute_significant(
    builder: *mut motive_domain_builder,
    attribute: motive_attribute,
    significant: bool,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.set_attribute_significant(AttributeId(attribute), significant)?)
        })
    }
}

/// Builds an immutable domain from the builder's definitions into `*out_domain`; free it with
/// `motive_domain_destroy`. Fails with `MOTIVE_STATUS_INVALID_ARGUMENT` when a goal has no
/// condition. The builder is unchanged and may keep defining and build again.
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
        let builder = borrow(builder, "builder")?;
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
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(
            domain,
            name,
            out_attribute,
            "out_attribute",
            "attribute",
            |d, name| d.find_attribute(name).map(|AttributeId(id)| id),
        )
    }
}
