// The motive side of a UMotiveWorldSubsystem, private to the module and compiled only with the
// library: the loaded domain and its world, the event pump and action performer, names for
// debug text (ActionNames, for DebugLine) and reports (DomainNames, asked of the domain), and
// the facts waiting for the entities they name.
#pragma once

#include "CoreMinimal.h"
#include "MotiveHeaders.h"

#if WITH_MOTIVE_LIBRARY

struct FMotiveWorldState
{
	FMotiveWorldState(motive::Domain InDomain, motive::World InWorld, std::string_view Json)
		: Domain(std::move(InDomain))
		, World(std::move(InWorld))
		, ActionNames(motive::ActionNames::from_document(Domain, Json))
		, Names(motive::DomainNames::from_domain(Domain))
	{
	}

	motive::Domain Domain;
	motive::World World;
	motive::EventPump Pump;
	motive::ActionPerformer Performer;
	motive::ActionNames ActionNames;
	motive::DomainNames Names;
	motive::DebugLine Line;
	motive::FactSetter Facts;
};

#endif // WITH_MOTIVE_LIBRARY
