// The motive C header and the C++ wrapper with its engine-independent helpers, included as
// third-party code (they are plain C++17 and need no engine types).
#pragma once

#include "CoreMinimal.h"

THIRD_PARTY_INCLUDES_START
#include "motive.hpp"
#include "motive_action_names.hpp"
#include "motive_action_performer.hpp"
#include "motive_debug_line.hpp"
#include "motive_event_pump.hpp"
THIRD_PARTY_INCLUDES_END
