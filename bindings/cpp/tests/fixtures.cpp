#include "fixtures.hpp"

#include <fstream>
#include <sstream>
#include <vector>

namespace fixtures {

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

motive::Domain kitchen_domain() {
    return motive::Domain::load_file(MOTIVE_TEST_DATA "/kitchen.json").value();
}

Kitchen::Kitchen() : domain(kitchen_domain()) {
    motive::WorldDef def = motive::world_def();
    def.seed = 7;
    world = motive::World::create(domain, def).value();
    cook = world.spawn_npc(domain.find_archetype("cook_npc").value(), {1, 0, 1}).value();
    diner = world.spawn_npc(domain.find_archetype("diner").value(), {2, 0, 2}).value();
    stove = world.spawn_object(domain.find_archetype("stove").value(), {0, 0, 0}).value();
    table = world.spawn_object(domain.find_archetype("table").value(), {3, 0, 0}).value();
    bed = world.spawn_object(domain.find_archetype("bed").value(), {6, 0, 0}).value();
}

Pirates::Pirates(const std::string &json) {
    const motive::Scenario scenario = motive::Scenario::load_json(json).value();
    domain = scenario.domain().value();
    run = scenario.instantiate(nullptr, 1, scenario.seed().value()).value();
    motive_entity entities[16];
    for (const motive::Entity entity : run.sim.entities(entities).value()) {
        if (run.sim.entity_name(entity).value() == "jim") {
            jim = entity.as_npc();
        }
    }
    get_drunk = domain.find_goap_goal("get_drunk").value();
}

motive::Entity named(const motive::Instance &run, const std::string &name) {
    std::vector<motive_entity> entities;
    if (!motive::collect(entities, [&](motive::Span<motive_entity> b) {
             return run.sim.entities(b);
         }).ok()) {
        return motive::Entity();
    }
    for (const motive::Entity entity : entities) {
        const auto found = run.sim.entity_name(entity);
        if (found.ok() && found.value() == name) {
            return entity;
        }
    }
    return motive::Entity();
}

} // namespace fixtures
