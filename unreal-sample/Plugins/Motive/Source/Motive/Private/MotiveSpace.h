// Positions between Unreal and motive: motive does not assume an up axis, and motive's
// scenarios put the ground in x/z with y up, so Unreal's Z (up) is motive's y; distances are
// scaled by the domain asset's Unreal units per motive unit.
#pragma once

#include "CoreMinimal.h"
#include "MotiveHeaders.h"

#if WITH_MOTIVE_LIBRARY
namespace MotiveSpace
{
/** An Unreal location in motive space. */
inline motive::Vec3 ToMotive(const FVector& Location, float Scale)
{
	return motive::Vec3{float(Location.X / Scale), float(Location.Z / Scale), float(Location.Y / Scale)};
}

/** A motive position in Unreal space. */
inline FVector ToEngine(const motive::Vec3& Position, float Scale)
{
	return FVector(Position.x * Scale, Position.z * Scale, Position.y * Scale);
}
} // namespace MotiveSpace
#endif // WITH_MOTIVE_LIBRARY
