//! Fixtures shared by the integration tests (and, through `#[path]`, the benchmarks).

pub mod c_abi_world;
