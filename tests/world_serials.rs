//! Exhausting the world-serial pool, alone in its own process (other tests create worlds and
//! would fail while the pool is empty).

use motive::core::{DomainBuilder, ErrorKind, World, WorldConfig};

#[test]
fn live_worlds_never_share_a_serial_and_the_65536th_is_refused() {
    let domain = DomainBuilder::new().build().unwrap();
    let mut worlds = Vec::new();
    let error = loop {
        match World::new(
            domain.clone(),
            WorldConfig {
                entity_capacity: 0,
                ..WorldConfig::default()
            },
        ) {
            Ok(world) => worlds.push(world),
            Err(error) => break error,
        }
    };
    assert_eq!(worlds.len(), 65_535);
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    let mut seen = vec![false; 1 << 16];
    for world in &worlds {
        let serial = usize::from(world.serial());
        assert!(serial != 0 && !seen[serial], "serial {serial} shared");
        seen[serial] = true;
    }
    let freed = worlds.swap_remove(1234).serial();
    let again = World::new(domain, WorldConfig::default()).unwrap();
    assert_eq!(again.serial(), freed, "the only free serial is reused");
}
