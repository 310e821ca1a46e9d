// The motive C header and the C++ wrapper with its engine-independent helpers, included as
// third-party code (plain C++17, no engine types), when the library was staged for this
// platform (WITH_MOTIVE_LIBRARY, set by MotiveLibrary.Build.cs). Only code that calls motive
// includes this, and only after FMotiveModule::IsLibraryReady() may it call.
#pragma once

#include "CoreMinimal.h"

#if WITH_MOTIVE_LIBRARY
THIRD_PARTY_INCLUDES_START
#include "motive.hpp"
#include "motive_action_names.hpp"
#include "motive_action_performer.hpp"
#include "motive_debug_line.hpp"
#include "motive_diagnostic_lines.hpp"
#include "motive_domain_names.hpp"
#include "motive_event_pump.hpp"
#include "motive_fact_spec.hpp"
#include "motive_npc_report.hpp"
#include "motive_save_game.hpp"
THIRD_PARTY_INCLUDES_END
#endif
