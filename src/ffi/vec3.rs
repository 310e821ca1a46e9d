//! `motive_vec3`, positions across the boundary.

use crate::core::Vec3;

/// A position in the engine's world space (engine units; motive does not assume an up axis).
/// Components must be finite wherever motive reads one.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct motive_vec3 {
    /// X coordinate.
    pub x: f32,
    /// Y coordinate.
    pub y: f32,
    /// Z coordinate.
    pub z: f32,
}

impl From<motive_vec3> for Vec3 {
    fn from(v: motive_vec3) -> Self {
        Vec3::new(v.x, v.y, v.z)
    }
}

impl From<Vec3> for motive_vec3 {
    fn from(v: Vec3) -> Self {
        motive_vec3 {
            x: v.x,
            y: v.y,
            z: v.z,
        }
    }
}
