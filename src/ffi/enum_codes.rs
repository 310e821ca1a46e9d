//! Enum values that come from C as `uint32_t`: looked up among the Rust enum's variants, never
//! transmuted, since an out-of-range Rust enum would be undefined behaviour.

use super::guard::{FfiError, FfiResult};

/// A `#[repr(u32)]` enum of the C API whose values C passes as `uint32_t`.
pub(crate) trait CEnum: Copy + 'static {
    /// The C type name, for messages.
    const NAME: &'static str;
    /// Every variant.
    const ALL: &'static [Self];
    /// The variant's C value.
    fn code(self) -> u32;
}

/// The variant of `E` whose value is `code`; `MOTIVE_STATUS_INVALID_ARGUMENT` naming the
/// argument `what` and the valid values otherwise.
pub(crate) fn decode<E: CEnum>(code: u32, what: &str) -> FfiResult<E> {
    E::ALL
        .iter()
        .copied()
        .find(|variant| variant.code() == code)
        .ok_or_else(|| {
            let valid: Vec<String> = E::ALL.iter().map(|v| v.code().to_string()).collect();
            FfiError::invalid(format!(
                "{what} is {code}, not a {} (valid: {})",
                E::NAME,
                valid.join(", ")
            ))
        })
}

/// Implements [`CEnum`] for a C enum from the list of its variants; the list must name every
/// variant (checked at compile time). With `=> CoreType`, each variant maps to a core value and
/// `From<CEnum> for CoreType` is implemented too.
macro_rules! c_enum {
    ($c:ident { $($variant:ident),+ $(,)? }) => {
        impl $crate::ffi::enum_codes::CEnum for $c {
            const NAME: &'static str = stringify!($c);
            const ALL: &'static [Self] = &[$($c::$variant),+];
            fn code(self) -> u32 {
                self as u32
            }
        }
        // Fails to compile when the list above misses a variant.
        const _: fn($c) = |variant| match variant {
            $($c::$variant => {}),+
        };
    };
    ($c:ident => $core:ty { $($variant:ident => $value:expr),+ $(,)? }) => {
        $crate::ffi::enum_codes::c_enum!($c { $($variant),+ });
        impl From<$c> for $core {
            fn from(variant: $c) -> Self {
                match variant {
                    $($c::$variant => $value),+
                }
            }
        }
    };
}
pub(crate) use c_enum;
