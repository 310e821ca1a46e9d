#include "MotiveSmartObjectComponent.h"

#include "Engine/World.h"
#include "MotiveModule.h"
#include "MotiveWorldSubsystem.h"

// As the NPC component: every call into motive goes through the world subsystem.

bool UMotiveSmartObjectComponent::SetFact(FName Attribute, const FMotiveFactValue& Value)
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	return Subsystem && IsSpawned() && Subsystem->SetFact(EntityKey, Attribute, Value);
}

bool UMotiveSmartObjectComponent::SetNumberFact(FName Attribute, float Value)
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	return Subsystem && IsSpawned() && Subsystem->SetNumberFact(EntityKey, Attribute, Value);
}

void UMotiveSmartObjectComponent::SyncPosition()
{
	if (UMotiveWorldSubsystem* Subsystem = GetSubsystem(); Subsystem && IsSpawned())
	{
		Subsystem->SyncPosition(EntityKey, *GetOwner());
	}
}

void UMotiveSmartObjectComponent::BeginPlay()
{
	Super::BeginPlay();
	if (!FMotiveModule::IsLibraryReady())
	{
		return; // Inert: the module logged why at startup.
	}
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	if (Subsystem != nullptr && Subsystem->LoadDomain(Domain))
	{
		Spawn(*Subsystem);
	}
}

void UMotiveSmartObjectComponent::Spawn(UMotiveWorldSubsystem& Subsystem)
{
	if (!Subsystem.SpawnObject(*GetOwner(), Archetype, ObjectHandle, EntityKey))
	{
		return;
	}
	for (const TPair<FName, FMotiveFactValue>& Fact : InitialFacts)
	{
		Subsystem.SetFact(EntityKey, Fact.Key, Fact.Value);
	}
}

void UMotiveSmartObjectComponent::Rebind(int64 InObjectHandle, uint64 InEntityKey)
{
	ObjectHandle = InObjectHandle;
	EntityKey = InEntityKey;
}

void UMotiveSmartObjectComponent::Respawn()
{
	Rebind(0, 0);
	if (UMotiveWorldSubsystem* Subsystem = GetSubsystem())
	{
		Spawn(*Subsystem);
	}
}

void UMotiveSmartObjectComponent::EndPlay(const EEndPlayReason::Type EndPlayReason)
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	if (Subsystem != nullptr && IsSpawned())
	{
		Subsystem->DestroyEntity(EntityKey);
	}
	ObjectHandle = 0;
	EntityKey = 0;
	Super::EndPlay(EndPlayReason);
}

UMotiveWorldSubsystem* UMotiveSmartObjectComponent::GetSubsystem() const
{
	const UWorld* World = GetWorld();
	return World ? World->GetSubsystem<UMotiveWorldSubsystem>() : nullptr;
}
