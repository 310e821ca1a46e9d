#include "MotiveWorldSubsystem.h"

#include "DrawDebugHelpers.h"
#include "Engine/World.h"
#include "GameFramework/Actor.h"
#include "HAL/IConsoleManager.h"
#include "MotiveDomainAsset.h"
#include "MotiveModule.h"
#include "MotiveNpcComponent.h"
#include "MotiveSpace.h"
#include "VisualLogger/VisualLogger.h"

namespace
{
TAutoConsoleVariable<bool> CVarMotiveDrawDebug(
	TEXT("motive.DrawDebug"), false, TEXT("Draws each motive NPC's current action above it."));

FString ToFString(std::string_view Text)
{
	const FUTF8ToTCHAR Converted(Text.data(), static_cast<int32>(Text.size()));
	return FString(Converted.Length(), Converted.Get());
}

// The motive id of Name, looked up by Find (a Domain::find_* member).
template <class Find>
bool FindId(const motive::Domain& Domain, Find FindIn, FName Name, uint32& OutId)
{
	const FTCHARToUTF8 Utf8(*Name.ToString());
	auto Found = (Domain.*FindIn)(Utf8.Get());
	if (!Found.ok())
	{
		UE_LOG(LogMotive, Warning, TEXT("%s"), *ToFString(Found.message()));
		return false;
	}
	OutId = Found.value();
	return true;
}

// The domain of a scenario document.
motive::Result<motive::Domain> ScenarioDomain(std::string_view Text, motive::Diagnostics& Diagnostics)
{
	motive::Result<motive::Scenario> Scenario = motive::Scenario::load_json(Text, &Diagnostics);
	return Scenario.ok() ? Scenario.value().domain() : motive::Result<motive::Domain>(Scenario.to_status());
}

// The domain an asset's document holds, its diagnostics logged.
motive::Result<motive::Domain> LoadDocument(const UMotiveDomainAsset& Asset)
{
	const FTCHARToUTF8 Utf8(*Asset.Json);
	const std::string_view Text(Utf8.Get(), Utf8.Length());
	motive::Diagnostics Diagnostics = motive::Diagnostics::create().value_or(motive::Diagnostics());
	motive::Result<motive::Domain> Loaded = Asset.Document == EMotiveDocument::Scenario
												? ScenarioDomain(Text, Diagnostics)
												: motive::Domain::load_json(Text, &Diagnostics);
	for (std::size_t I = 0; I < Diagnostics.count(); ++I)
	{
		const motive::Diagnostic D = Diagnostics.get(I).value();
		UE_LOG(LogMotive, Warning, TEXT("%s: %s: %s: %s"), *Asset.GetName(),
			D.severity == MOTIVE_SEVERITY_ERROR ? TEXT("error") : TEXT("warning"), UTF8_TO_TCHAR(D.path),
			UTF8_TO_TCHAR(D.message));
	}
	return Loaded;
}
} // namespace

bool UMotiveWorldSubsystem::LoadDomain(UMotiveDomainAsset* Asset)
{
	if (Asset == nullptr || !FMotiveModule::IsLibraryReady())
	{
		UE_LOG(LogMotive, Error, TEXT("LoadDomain: %s"), Asset ? TEXT("the motive library is not loaded") : TEXT("no domain asset"));
		return false;
	}
	if (LoadedAsset != nullptr)
	{
		UE_CLOG(LoadedAsset != Asset, LogMotive, Error, TEXT("LoadDomain: this level already runs %s, not %s"),
			*LoadedAsset->GetName(), *Asset->GetName());
		return LoadedAsset == Asset;
	}
	motive::Result<motive::Domain> Loaded = LoadDocument(*Asset);
	if (!Check(Loaded.to_status(), *Asset->GetName()))
	{
		return false;
	}
	motive::WorldDef Def = motive::world_def();
	Def.seed = static_cast<uint64>(Asset->Seed);
	motive::Result<motive::World> Created = motive::World::create(Loaded.value(), Def);
	if (!Check(Created.to_status(), TEXT("creating the world")))
	{
		return false;
	}
	MotiveDomain = std::move(Loaded).value();
	MotiveWorld = std::move(Created).value();
	const FTCHARToUTF8 Utf8(*Asset->Json);
	Names = motive::ActionNames::from_document(MotiveDomain, std::string_view(Utf8.Get(), Utf8.Length()));
	for (const FName& Walk : Asset->WalkActions)
	{
		uint32 Action;
		if (FindId(MotiveDomain, &motive::Domain::find_action, Walk, Action))
		{
			Performer.set_performance(Action, motive::Performance::walk);
		}
	}
	for (const TPair<FName, float>& Timed : Asset->EngineActionSeconds)
	{
		uint32 Action;
		if (FindId(MotiveDomain, &motive::Domain::find_action, Timed.Key, Action))
		{
			Performer.set_performance(Action, motive::Performance::engine_timed, Timed.Value);
		}
	}
	Scale = Asset->UnrealUnitsPerMotiveUnit;
	LoadedAsset = Asset;
	return true;
}

bool UMotiveWorldSubsystem::HasWorld() const
{
	return MotiveWorld.get() != nullptr;
}

motive::Npc UMotiveWorldSubsystem::SpawnNpc(UMotiveNpcComponent& Component, FName Archetype)
{
	AActor* Actor = Component.GetOwner();
	uint32 Id;
	if (!HasWorld() || !FindId(MotiveDomain, &motive::Domain::find_archetype, Archetype, Id))
	{
		return motive::Npc();
	}
	motive::Result<motive::Npc> Spawned = MotiveWorld.spawn_npc(Id, ToMotive(Actor->GetActorLocation()));
	if (!Check(Spawned.to_status(), *Actor->GetName()))
	{
		return motive::Npc();
	}
	const motive::Npc Npc = Spawned.value();
	Npcs.Add(Npc.to_u64(), &Component);
	Actors.Add(Npc.entity().to_u64(), Actor);
	return Npc;
}

motive::Object UMotiveWorldSubsystem::SpawnObject(AActor& Actor, FName Archetype)
{
	uint32 Id;
	if (!HasWorld() || !FindId(MotiveDomain, &motive::Domain::find_archetype, Archetype, Id))
	{
		return motive::Object();
	}
	motive::Result<motive::Object> Spawned = MotiveWorld.spawn_object(Id, ToMotive(Actor.GetActorLocation()));
	if (!Check(Spawned.to_status(), *Actor.GetName()))
	{
		return motive::Object();
	}
	Actors.Add(Spawned.value().entity().to_u64(), &Actor);
	return Spawned.value();
}

void UMotiveWorldSubsystem::DestroyEntity(motive::Entity Entity)
{
	Actors.Remove(Entity.to_u64());
	const motive::Npc Npc = Entity.as_npc();
	if (Npcs.Remove(Npc.to_u64()) > 0)
	{
		Check(MotiveWorld.destroy_npc(Npc), TEXT("destroying an NPC"));
	}
	else if (HasWorld())
	{
		Check(MotiveWorld.destroy_object(Entity.as_object()), TEXT("destroying an object"));
	}
}

bool UMotiveWorldSubsystem::CompleteAction(motive::Npc Npc, bool bSucceeded)
{
	const int32 First = static_cast<int32>(Performer.stopped().size());
	const motive::Status Reported = Performer.complete(
		MotiveWorld, Npc, bSucceeded ? MOTIVE_ACTION_OUTCOME_SUCCEEDED : MOTIVE_ACTION_OUTCOME_FAILED);
	NotifyStops(First);
	return Check(Reported, TEXT("reporting an action"));
}

bool UMotiveWorldSubsystem::ThinkNow(motive::Npc Npc)
{
	return Check(MotiveWorld.think_now(Npc), TEXT("ThinkNow"));
}

bool UMotiveWorldSubsystem::SetNumberFact(motive::Entity Entity, FName Attribute, double Value)
{
	uint32 Id;
	return HasWorld() && FindId(MotiveDomain, &motive::Domain::find_attribute, Attribute, Id) &&
		   Check(MotiveWorld.set_fact(Entity, Id, motive::Value::number(Value)), TEXT("SetNumberFact"));
}

bool UMotiveWorldSubsystem::GetNumberFact(motive::Entity Entity, FName Attribute, double& Value) const
{
	uint32 Id;
	if (!HasWorld() || !FindId(MotiveDomain, &motive::Domain::find_attribute, Attribute, Id))
	{
		return false;
	}
	motive::Result<motive::Value> Fact = MotiveWorld.fact(Entity, Id);
	if (!Fact.ok() || Fact.value().type() != MOTIVE_VALUE_TYPE_NUMBER)
	{
		return false;
	}
	Value = Fact.value().as_number();
	return true;
}

void UMotiveWorldSubsystem::SyncPosition(motive::Entity Entity, const AActor& Actor)
{
	// Best effort every frame: an entity motive ended is dropped by its component's EndPlay.
	(void)MotiveWorld.set_entity_position(Entity, ToMotive(Actor.GetActorLocation()));
}

FString UMotiveWorldSubsystem::DescribeAction(motive::Npc Npc)
{
	return HasWorld() ? ToFString(Line.describe(MotiveWorld, Npc, Names)) : FString(TEXT("(no motive world)"));
}

FName UMotiveWorldSubsystem::ActionName(motive::ActionId Action) const
{
	const std::string_view Name = Names.name(Action);
	return Name.empty() ? FName(*FString::Printf(TEXT("action_%u"), Action)) : FName(*ToFString(Name));
}

AActor* UMotiveWorldSubsystem::FindActor(motive::Entity Entity) const
{
	const TWeakObjectPtr<AActor>* Found = Actors.Find(Entity.to_u64());
	return Found ? Found->Get() : nullptr;
}

motive::World* UMotiveWorldSubsystem::GetMotiveWorld()
{
	return HasWorld() ? &MotiveWorld : nullptr;
}

FVector UMotiveWorldSubsystem::ToEngine(const motive::Vec3& Position) const
{
	return MotiveSpace::ToEngine(Position, Scale);
}

motive::Vec3 UMotiveWorldSubsystem::ToMotive(const FVector& Location) const
{
	return MotiveSpace::ToMotive(Location, Scale);
}

float UMotiveWorldSubsystem::ToEngineDistance(double Distance) const
{
	return static_cast<float>(Distance) * Scale;
}

void UMotiveWorldSubsystem::Tick(float DeltaTime)
{
	if (!HasWorld())
	{
		return;
	}
	SyncNpcPositions();
	if (!Check(MotiveWorld.tick(DeltaTime), TEXT("tick")))
	{
		return;
	}
	motive::Result<motive::Span<const motive::Event>> Events = Pump.drain(MotiveWorld);
	if (!Check(Events.to_status(), TEXT("polling events")))
	{
		return;
	}
	Performer.observe(Events.value());
	NotifyStops(0);
	for (const motive::Job& Job : Performer.started())
	{
		if (UMotiveNpcComponent* Component = FindNpc(Job.npc))
		{
			Component->StartJob(Job);
		}
	}
	const int32 First = static_cast<int32>(Performer.stopped().size());
	Check(Performer.advance(MotiveWorld, DeltaTime), TEXT("reporting an engine-timed action"));
	NotifyStops(First);
	DrawDebug();
}

TStatId UMotiveWorldSubsystem::GetStatId() const
{
	RETURN_QUICK_DECLARE_CYCLE_STAT(UMotiveWorldSubsystem, STATGROUP_Tickables);
}

void UMotiveWorldSubsystem::Deinitialize()
{
	Npcs.Empty();
	Actors.Empty();
	MotiveWorld = motive::World();
	MotiveDomain = motive::Domain();
	LoadedAsset = nullptr;
	Super::Deinitialize();
}

bool UMotiveWorldSubsystem::DoesSupportWorldType(const EWorldType::Type WorldType) const
{
	return WorldType == EWorldType::Game || WorldType == EWorldType::PIE;
}

void UMotiveWorldSubsystem::SyncNpcPositions()
{
	// The engine owns bodies: motive sees each NPC where its actor stands.
	for (const TPair<uint64, TWeakObjectPtr<UMotiveNpcComponent>>& Npc : Npcs)
	{
		if (const UMotiveNpcComponent* Component = Npc.Value.Get())
		{
			SyncPosition(motive::Npc::from_u64(Npc.Key).entity(), *Component->GetOwner());
		}
	}
}

void UMotiveWorldSubsystem::NotifyStops(int32 First)
{
	const motive::Span<const motive::Stop> Stops = Performer.stopped();
	for (std::size_t I = static_cast<std::size_t>(First); I < Stops.size(); ++I)
	{
		if (UMotiveNpcComponent* Component = FindNpc(Stops[I].npc))
		{
			Component->StopJob(Stops[I]);
		}
	}
}

void UMotiveWorldSubsystem::DrawDebug()
{
	const bool bDraw = CVarMotiveDrawDebug.GetValueOnGameThread();
#if ENABLE_VISUAL_LOG
	const bool bRecording = FVisualLogger::IsRecording();
#else
	const bool bRecording = false;
#endif
	if (!bDraw && !bRecording)
	{
		return;
	}
	for (const TPair<uint64, TWeakObjectPtr<UMotiveNpcComponent>>& Npc : Npcs)
	{
		const UMotiveNpcComponent* Component = Npc.Value.Get();
		if (Component == nullptr)
		{
			continue;
		}
		AActor* Owner = Component->GetOwner();
		const motive::Npc Handle = motive::Npc::from_u64(Npc.Key);
		const FString Text = DescribeAction(Handle);
		const FVector Location = Owner->GetActorLocation();
		UE_VLOG(Owner, LogMotive, Log, TEXT("%s"), *Text);
		if (const motive::Job* Job = Performer.job(Handle))
		{
			if (const AActor* Target = FindActor(Job->target))
			{
				UE_VLOG_SEGMENT(Owner, LogMotive, Log, Location, Target->GetActorLocation(), FColor::Green, TEXT("%s"),
					*ActionName(Job->action).ToString());
			}
		}
		if (bDraw)
		{
			DrawDebugString(GetWorld(), Location + FVector(0.0, 0.0, 120.0), Text, nullptr, FColor::White, 0.f, true);
		}
	}
}

UMotiveNpcComponent* UMotiveWorldSubsystem::FindNpc(motive::Npc Npc) const
{
	const TWeakObjectPtr<UMotiveNpcComponent>* Found = Npcs.Find(Npc.to_u64());
	return Found ? Found->Get() : nullptr;
}

bool UMotiveWorldSubsystem::Check(const motive::Status& Status, const TCHAR* What) const
{
	UE_CLOG(!Status.ok(), LogMotive, Warning, TEXT("%s: %s: %s"), What, UTF8_TO_TCHAR(motive::status_name(Status.status())),
		*ToFString(Status.message()));
	return Status.ok();
}
