#include "MotiveWorldSubsystem.h"

#include "DrawDebugHelpers.h"
#include "Engine/World.h"
#include "GameFramework/Actor.h"
#include "HAL/IConsoleManager.h"
#include "Kismet/GameplayStatics.h"
#include "MotiveDomainAsset.h"
#include "MotiveModule.h"
#include "MotiveNpcComponent.h"
#include "MotiveSaveGame.h"
#include "MotiveSmartObjectComponent.h"
#include "MotiveSpace.h"
#include "MotiveText.h"
#include "MotiveWorldState.h"
#include "VisualLogger/VisualLogger.h"

namespace
{
TAutoConsoleVariable<bool> CVarMotiveDrawDebug(
	TEXT("motive.DrawDebug"), false, TEXT("Draws each motive NPC's current action above it."));
} // namespace

// Library-independent glue first; everything that calls motive follows under
// WITH_MOTIVE_LIBRARY, and runs only with State, which exists only once the library is ready
// (FMotiveModule::IsLibraryReady) and a domain has loaded.

bool UMotiveWorldSubsystem::HasWorld() const
{
	return State.IsValid();
}

AActor* UMotiveWorldSubsystem::FindActor(uint64 EntityKey) const
{
	const TWeakObjectPtr<AActor>* Found = Actors.Find(EntityKey);
	return Found ? Found->Get() : nullptr;
}

UMotiveNpcComponent* UMotiveWorldSubsystem::FindNpc(uint64 NpcHandle) const
{
	const TWeakObjectPtr<UMotiveNpcComponent>* Found = Npcs.Find(NpcHandle);
	return Found ? Found->Get() : nullptr;
}

FString UMotiveWorldSubsystem::EntityName(uint64 EntityKey) const
{
	const AActor* Actor = FindActor(EntityKey);
	return Actor ? Actor->GetActorNameOrLabel() : FString();
}

void UMotiveWorldSubsystem::RegisterActor(AActor& Actor, uint64 EntityKey)
{
	Actors.Add(EntityKey, &Actor);
	EntityKeysByActorId.Add(Actor.GetUniqueID(), EntityKey);
}

bool UMotiveWorldSubsystem::SaveToSlot(const FString& SlotName, int32 UserIndex)
{
	UMotiveSaveGame* Save = SaveWorld();
	if (Save == nullptr)
	{
		return false;
	}
	const bool bSaved = UGameplayStatics::SaveGameToSlot(Save, SlotName, UserIndex);
	UE_CLOG(!bSaved, LogMotive, Warning, TEXT("SaveToSlot: the save game could not be written to slot %s"), *SlotName);
	return bSaved;
}

bool UMotiveWorldSubsystem::LoadFromSlot(const FString& SlotName, int32 UserIndex)
{
	USaveGame* Loaded = UGameplayStatics::LoadGameFromSlot(SlotName, UserIndex);
	const UMotiveSaveGame* Save = Cast<UMotiveSaveGame>(Loaded);
	if (Save == nullptr)
	{
		UE_LOG(LogMotive, Warning, TEXT("LoadFromSlot: slot %s holds %s"), *SlotName,
			Loaded ? TEXT("another kind of save game") : TEXT("no save game"));
		return false;
	}
	return LoadWorld(Save);
}

TStatId UMotiveWorldSubsystem::GetStatId() const
{
	RETURN_QUICK_DECLARE_CYCLE_STAT(UMotiveWorldSubsystem, STATGROUP_Tickables);
}

bool UMotiveWorldSubsystem::DoesSupportWorldType(const EWorldType::Type WorldType) const
{
	return WorldType == EWorldType::Game || WorldType == EWorldType::PIE;
}

void UMotiveWorldSubsystem::Deinitialize()
{
	Npcs.Empty();
	Actors.Empty();
	EntityKeysByActorId.Empty();
	ReferencedActors.Empty();
	State.Reset(); // The world before its domain: FMotiveWorldState declares the domain first.
	LoadedAsset = nullptr;
	FailedAsset = nullptr;
	Super::Deinitialize();
}

#if WITH_MOTIVE_LIBRARY

namespace
{
using MotiveText::ToFString;
using MotiveText::ToUtf8;

bool CheckStatus(const motive::Status& Status, const TCHAR* What)
{
	UE_CLOG(!Status.ok(), LogMotive, Warning, TEXT("%s: %s: %s"), What, UTF8_TO_TCHAR(motive::status_name(Status.status())),
		*ToFString(Status.message()));
	return Status.ok();
}

// The motive id of Name, looked up by Find (a Domain::find_* member); logged when unknown.
template <class Find>
bool FindId(const motive::Domain& Domain, Find FindIn, FName Name, uint32& OutId)
{
	auto Found = (Domain.*FindIn)(ToUtf8(Name.ToString()));
	if (!Found.ok())
	{
		UE_LOG(LogMotive, Warning, TEXT("%s"), *ToFString(Found.message()));
		return false;
	}
	OutId = Found.value();
	return true;
}

// The name a save knows an actor by: the same from session to session for an actor placed in
// the level; an actor spawned at run time keeps it when it is spawned with the same
// FActorSpawnParameters::Name.
FString SaveKey(const AActor& Actor)
{
	return Actor.GetFName().ToString();
}

FMotiveSavedJob ToSaved(const motive::Job& Job)
{
	FMotiveSavedJob Saved;
	Saved.Npc = static_cast<int64>(Job.npc.to_u64());
	Saved.Target = static_cast<int64>(Job.target.to_u64());
	Saved.Action = static_cast<int32>(Job.action);
	Saved.Request = static_cast<int32>(Job.request);
	Saved.Performance = static_cast<uint8>(Job.performance);
	Saved.StandOff = Job.stand_off;
	Saved.Animation = static_cast<int32>(Job.animation);
	Saved.bFaceTarget = Job.face_target;
	Saved.Remaining = Job.remaining;
	return Saved;
}

motive::Job FromSaved(const FMotiveSavedJob& Saved)
{
	motive::Job Job;
	Job.npc = motive::Npc::from_u64(static_cast<uint64>(Saved.Npc));
	Job.target = motive::Entity::from_u64(static_cast<uint64>(Saved.Target));
	Job.action = static_cast<uint32>(Saved.Action);
	Job.request = static_cast<uint32>(Saved.Request);
	Job.performance = static_cast<motive::Performance>(Saved.Performance);
	Job.stand_off = Saved.StandOff;
	Job.animation = static_cast<uint32>(Saved.Animation);
	Job.face_target = Saved.bFaceTarget;
	Job.remaining = Saved.Remaining;
	return Job;
}

} // namespace

bool UMotiveWorldSubsystem::LoadDomain(UMotiveDomainAsset* Asset)
{
	if (!FMotiveModule::IsLibraryReady())
	{
		UE_CLOG(!bToldNoLibrary, LogMotive, Error, TEXT("LoadDomain: %s"), *FMotiveModule::GetLibraryProblem());
		bToldNoLibrary = true;
		return false;
	}
	if (Asset == nullptr)
	{
		UE_LOG(LogMotive, Error, TEXT("LoadDomain: no domain asset"));
		return false;
	}
	if (LoadedAsset != nullptr)
	{
		UE_CLOG(LoadedAsset != Asset, LogMotive, Error, TEXT("LoadDomain: this level already runs %s, not %s"),
			*LoadedAsset->GetName(), *Asset->GetName());
		return LoadedAsset == Asset;
	}
	if (FailedAsset == Asset)
	{
		return false; // Its diagnostics are in the log already.
	}
	const std::string Json = ToUtf8(Asset->Json);
	motive::DocumentCheck Checked = motive::check_document(Json,
		Asset->Document == EMotiveDocument::Scenario ? motive::DocumentKind::scenario : motive::DocumentKind::domain,
		ToUtf8(Asset->GetName()));
	MotiveText::LogLines(Checked);
	if (!Checked.ok())
	{
		FailedAsset = Asset;
		return false;
	}
	motive::WorldDef Def = motive::world_def();
	Def.seed = static_cast<uint64>(Asset->Seed);
	motive::Result<motive::World> Created = motive::World::create(Checked.domain, Def);
	if (!CheckStatus(Created.to_status(), TEXT("creating the world")))
	{
		FailedAsset = Asset;
		return false;
	}
	State = MakePimpl<FMotiveWorldState>(std::move(Checked.domain), std::move(Created).value(), std::string_view(Json));
	CheckStatus(State->World.set_think_threads(static_cast<uint32>(FMath::Clamp(Asset->ThinkThreads, 1, static_cast<int32>(MOTIVE_MAX_THINK_THREADS)))), TEXT("setting the think threads"));
	for (const FName& Walk : Asset->WalkActions)
	{
		uint32 Action;
		if (FindId(State->Domain, &motive::Domain::find_action, Walk, Action))
		{
			State->Performer.set_performance(Action, motive::Performance::walk);
		}
	}
	for (const TPair<FName, float>& Timed : Asset->EngineActionSeconds)
	{
		uint32 Action;
		if (FindId(State->Domain, &motive::Domain::find_action, Timed.Key, Action))
		{
			State->Performer.set_performance(Action, motive::Performance::engine_timed, Timed.Value);
		}
	}
	Scale = Asset->UnrealUnitsPerMotiveUnit;
	LoadedAsset = Asset;
	return true;
}

bool UMotiveWorldSubsystem::SpawnNpc(UMotiveNpcComponent& Component, FName Archetype, int64& OutNpcHandle, uint64& OutEntityKey)
{
	AActor* Actor = Component.GetOwner();
	uint32 Id;
	if (!State || Actor == nullptr || !FindId(State->Domain, &motive::Domain::find_archetype, Archetype, Id))
	{
		return false;
	}
	motive::Result<motive::Npc> Spawned =
		State->World.spawn_npc(Id, MotiveSpace::ToMotive(Actor->GetActorLocation(), Scale));
	if (!CheckStatus(Spawned.to_status(), *Actor->GetName()))
	{
		return false;
	}
	const motive::Npc Npc = Spawned.value();
	OutNpcHandle = static_cast<int64>(Npc.to_u64());
	OutEntityKey = Npc.entity().to_u64();
	Npcs.Add(Npc.to_u64(), &Component);
	RegisterActor(*Actor, OutEntityKey);
	RetryWaitingFacts();
	return true;
}

bool UMotiveWorldSubsystem::SpawnObject(AActor& Actor, FName Archetype, int64& OutObjectHandle, uint64& OutEntityKey)
{
	uint32 Id;
	if (!State || !FindId(State->Domain, &motive::Domain::find_archetype, Archetype, Id))
	{
		return false;
	}
	motive::Result<motive::Object> Spawned =
		State->World.spawn_object(Id, MotiveSpace::ToMotive(Actor.GetActorLocation(), Scale));
	if (!CheckStatus(Spawned.to_status(), *Actor.GetName()))
	{
		return false;
	}
	OutObjectHandle = static_cast<int64>(Spawned.value().to_u64());
	OutEntityKey = Spawned.value().entity().to_u64();
	RegisterActor(Actor, OutEntityKey);
	RetryWaitingFacts();
	return true;
}

void UMotiveWorldSubsystem::DestroyEntity(uint64 EntityKey)
{
	if (const TWeakObjectPtr<AActor>* Actor = Actors.Find(EntityKey); Actor && Actor->IsValid())
	{
		EntityKeysByActorId.Remove((*Actor)->GetUniqueID());
	}
	Actors.Remove(EntityKey);
	if (!State)
	{
		return;
	}
	const motive::Entity Entity = motive::Entity::from_u64(EntityKey);
	State->Facts.forget(Entity);
	const motive::Npc Npc = Entity.as_npc();
	if (Npcs.Remove(Npc.to_u64()) > 0)
	{
		CheckStatus(State->World.destroy_npc(Npc), TEXT("destroying an NPC"));
	}
	else
	{
		CheckStatus(State->World.destroy_object(Entity.as_object()), TEXT("destroying an object"));
	}
}

bool UMotiveWorldSubsystem::CompleteAction(int64 NpcHandle, bool bSucceeded)
{
	if (!State)
	{
		return false;
	}
	const int32 First = static_cast<int32>(State->Performer.stopped().size());
	const motive::Status Reported = State->Performer.complete(State->World, motive::Npc::from_u64(static_cast<uint64>(NpcHandle)),
		bSucceeded ? MOTIVE_ACTION_OUTCOME_SUCCEEDED : MOTIVE_ACTION_OUTCOME_FAILED);
	NotifyStops(First);
	return CheckStatus(Reported, TEXT("reporting an action"));
}

bool UMotiveWorldSubsystem::ThinkNow(int64 NpcHandle)
{
	return State && CheckStatus(State->World.think_now(motive::Npc::from_u64(static_cast<uint64>(NpcHandle))), TEXT("ThinkNow"));
}

bool UMotiveWorldSubsystem::SetFact(uint64 EntityKey, FName Attribute, const FMotiveFactValue& Value)
{
	if (!State)
	{
		return false;
	}
	const motive::Entity Subject = motive::Entity::from_u64(EntityKey);
	motive::FactSpec Spec;
	switch (Value.Type)
	{
	case EMotiveFactType::Bool:
		Spec = motive::FactSpec::of_bool(Value.bBool);
		break;
	case EMotiveFactType::Number:
		Spec = motive::FactSpec::of_number(Value.Number);
		break;
	case EMotiveFactType::Position:
		Spec = motive::FactSpec::at(MotiveSpace::ToMotive(Value.Position, Scale));
		break;
	case EMotiveFactType::Entity:
		if (Value.Reference == EMotiveEntityReference::Self)
		{
			Spec = motive::FactSpec::itself();
		}
		else if (Value.Reference == EMotiveEntityReference::Actor && Value.Actor != nullptr)
		{
			Spec = motive::FactSpec::entity_of(Value.Actor->GetUniqueID());
			ReferencedActors.Add(Value.Actor->GetUniqueID(), Value.Actor.Get());
		}
		else
		{
			UE_CLOG(Value.Reference == EMotiveEntityReference::Actor, LogMotive, Warning,
				TEXT("%s: fact %s refers to another actor but names none: set to nobody"), *EntityName(EntityKey),
				*Attribute.ToString());
			Spec = motive::FactSpec::no_entity();
		}
		break;
	}
	auto Resolve = [this](std::uint64_t ActorId) {
		const uint64* Key = EntityKeysByActorId.Find(static_cast<uint32>(ActorId));
		return Key ? motive::Entity::from_u64(*Key) : motive::Entity();
	};
	motive::Result<motive::FactOutcome> Outcome =
		State->Facts.set(State->World, State->Domain, Subject, ToUtf8(Attribute.ToString()), Spec, Resolve);
	if (!Outcome.ok())
	{
		UE_LOG(LogMotive, Warning, TEXT("%s: %s"), *EntityName(EntityKey), *ToFString(Outcome.message()));
		return false;
	}
	if (Outcome.value() == motive::FactOutcome::waiting)
	{
		bWaitingLogged = false; // Said at the next tick if it is still waiting then.
	}
	return true;
}

void UMotiveWorldSubsystem::RetryWaitingFacts()
{
	if (!State || State->Facts.waiting().empty())
	{
		return;
	}
	auto Resolve = [this](std::uint64_t ActorId) {
		const uint64* Key = EntityKeysByActorId.Find(static_cast<uint32>(ActorId));
		return Key ? motive::Entity::from_u64(*Key) : motive::Entity();
	};
	State->Facts.retry(State->World, Resolve, [this](const motive::FactSetter::Waiting& Fact, const motive::Status& Why) {
		UE_LOG(LogMotive, Warning, TEXT("%s: %s"), *EntityName(Fact.subject.to_u64()), *ToFString(Why.message()));
	});
}

void UMotiveWorldSubsystem::LogWaitingFacts()
{
	// At the first tick after a fact started waiting, every actor of the level has begun play:
	// a reference still unresolved names an actor without a Motive component (or not spawned).
	if (bWaitingLogged || !State)
	{
		return;
	}
	bWaitingLogged = true;
	for (const motive::FactSetter::Waiting& Fact : State->Facts.waiting())
	{
		const TWeakObjectPtr<AActor>* Referenced = ReferencedActors.Find(static_cast<uint32>(Fact.spec.reference));
		const FString Subject = EntityName(Fact.subject.to_u64());
		const FString Attribute = ToFString(Fact.name);
		const FString Target = Referenced && Referenced->IsValid() ? (*Referenced)->GetActorNameOrLabel() : FString(TEXT("an actor"));
		UE_LOG(LogMotive, Warning,
			TEXT("%s: fact %s still waits for %s to spawn its entity (does it have a Motive NPC or Smart Object component?)"),
			*Subject, *Attribute, *Target);
	}
}

bool UMotiveWorldSubsystem::SetNumberFact(uint64 EntityKey, FName Attribute, double Value)
{
	FMotiveFactValue Number;
	Number.Type = EMotiveFactType::Number;
	Number.Number = Value;
	return SetFact(EntityKey, Attribute, Number);
}

bool UMotiveWorldSubsystem::GetNumberFact(uint64 EntityKey, FName Attribute, double& Value) const
{
	uint32 Id;
	if (!State || !FindId(State->Domain, &motive::Domain::find_attribute, Attribute, Id))
	{
		return false;
	}
	motive::Result<motive::Value> Fact = State->World.fact(motive::Entity::from_u64(EntityKey), Id);
	if (!Fact.ok() || Fact.value().type() != MOTIVE_VALUE_TYPE_NUMBER)
	{
		return false;
	}
	Value = Fact.value().as_number();
	return true;
}

void UMotiveWorldSubsystem::SyncPosition(uint64 EntityKey, const AActor& Actor)
{
	if (State)
	{
		// Best effort every frame: an entity motive ended is dropped by its component's EndPlay.
		(void)State->World.set_entity_position(motive::Entity::from_u64(EntityKey), MotiveSpace::ToMotive(Actor.GetActorLocation(), Scale));
	}
}

FString UMotiveWorldSubsystem::DescribeAction(int64 NpcHandle)
{
	return State ? ToFString(State->Line.describe(State->World, motive::Npc::from_u64(static_cast<uint64>(NpcHandle)), State->ActionNames))
				 : FString(TEXT("(no motive world)"));
}

TArray<FString> UMotiveWorldSubsystem::ExplainNpc(int64 NpcHandle) const
{
	TArray<FString> Lines;
	if (!State)
	{
		Lines.Add(TEXT("(no motive world)"));
		return Lines;
	}
	const motive::NpcReport Report(State->Names, [this](motive::Entity Entity) { return ToUtf8(EntityName(Entity.to_u64())); });
	for (const std::string& Line : Report.lines(State->World, motive::Npc::from_u64(static_cast<uint64>(NpcHandle))))
	{
		Lines.Add(ToFString(Line));
	}
	return Lines;
}

void UMotiveWorldSubsystem::GetDrives(int64 NpcHandle, TArray<FName>& Names, TArray<float>& Satisfactions) const
{
	if (!State)
	{
		return;
	}
	const motive::NpcReport Report(State->Names);
	auto Drives = Report.drives(State->World, motive::Npc::from_u64(static_cast<uint64>(NpcHandle)));
	if (!Drives.ok())
	{
		return;
	}
	for (const motive::NamedDrive& Drive : Drives.value())
	{
		Names.Add(FName(*ToFString(Drive.name)));
		Satisfactions.Add(static_cast<float>(Drive.satisfaction));
	}
}

void UMotiveWorldSubsystem::GetPlan(int64 NpcHandle, TArray<FName>& Actions, TArray<AActor*>& Targets, TArray<FString>& TargetNames) const
{
	if (!State)
	{
		return;
	}
	const motive::NpcReport Report(State->Names, [this](motive::Entity Entity) { return ToUtf8(EntityName(Entity.to_u64())); });
	auto Steps = Report.plan(State->World, motive::Npc::from_u64(static_cast<uint64>(NpcHandle)));
	if (!Steps.ok())
	{
		return;
	}
	for (const motive::NamedStep& Step : Steps.value())
	{
		Actions.Add(FName(*ToFString(Step.action_name)));
		Targets.Add(FindActor(Step.target.to_u64()));
		TargetNames.Add(ToFString(Step.target_name));
	}
}

motive::World* UMotiveWorldSubsystem::GetMotiveWorld()
{
	return State ? &State->World : nullptr;
}

UMotiveSaveGame* UMotiveWorldSubsystem::SaveWorld()
{
	if (!State)
	{
		UE_LOG(LogMotive, Warning, TEXT("SaveWorld: no motive world runs (no domain loaded)"));
		return nullptr;
	}
	// The size first, then the bytes straight into the save game's array.
	const motive::ListResult<std::uint8_t> Sized = State->World.save(motive::Span<std::uint8_t>());
	if (Sized.status() != MOTIVE_STATUS_BUFFER_TOO_SMALL)
	{
		CheckStatus(Sized.to_status(), TEXT("SaveWorld"));
		return nullptr;
	}
	if (Sized.count() > static_cast<std::size_t>(MOTIVE_MAX_SAVE_BYTES))
	{
		UE_LOG(LogMotive, Warning, TEXT("SaveWorld: the world needs %llu bytes, more than a save may hold"),
			static_cast<unsigned long long>(Sized.count()));
		return nullptr;
	}
	UMotiveSaveGame* Save = Cast<UMotiveSaveGame>(UGameplayStatics::CreateSaveGameObject(UMotiveSaveGame::StaticClass()));
	Save->WorldBytes.SetNumUninitialized(static_cast<int32>(Sized.count()));
	const motive::ListResult<std::uint8_t> Written =
		State->World.save(motive::Span<std::uint8_t>(Save->WorldBytes.GetData(), static_cast<std::size_t>(Save->WorldBytes.Num())));
	if (!CheckStatus(Written.to_status(), TEXT("SaveWorld")))
	{
		return nullptr;
	}
	for (const TPair<uint64, TWeakObjectPtr<AActor>>& Actor : Actors)
	{
		if (const AActor* Played = Actor.Value.Get())
		{
			const FString Key = SaveKey(*Played);
			UE_CLOG(Save->Entities.Contains(Key), LogMotive, Warning,
				TEXT("SaveWorld: two actors are named %s: a load finds only one of them"), *Key);
			Save->Entities.Add(Key, static_cast<int64>(Actor.Key));
		}
	}
	for (const motive::Job& Job : State->Performer.jobs())
	{
		Save->Jobs.Add(ToSaved(Job));
	}
	Save->DomainAsset = LoadedAsset ? LoadedAsset->GetPathName() : FString();
	Save->WorldTime = State->World.time().value_or(0.0);
	return Save;
}

bool UMotiveWorldSubsystem::LoadWorld(const UMotiveSaveGame* Save)
{
	if (!State)
	{
		UE_LOG(LogMotive, Warning, TEXT("LoadWorld: no motive world runs: the level's Motive components load the domain when they begin play"));
		return false;
	}
	if (Save == nullptr)
	{
		UE_LOG(LogMotive, Warning, TEXT("LoadWorld: no save game"));
		return false;
	}
	// Checked beside the running world first: a refused save changes nothing. Then the running
	// world goes and the save takes its place, with the saved serial: handles stay valid.
	const motive::Span<const std::uint8_t> Bytes(Save->WorldBytes.GetData(), static_cast<std::size_t>(Save->WorldBytes.Num()));
	const motive::Status Loaded = motive::load_in_place(State->World, State->Domain, Bytes);
	if (!Loaded.ok())
	{
		CheckStatus(Loaded, TEXT("LoadWorld"));
		UE_CLOG(LoadedAsset && !Save->DomainAsset.IsEmpty() && Save->DomainAsset != LoadedAsset->GetPathName(), LogMotive, Warning,
			TEXT("LoadWorld: the save is of %s; this level runs %s"), *Save->DomainAsset, *LoadedAsset->GetPathName());
		if (State->World.get() == nullptr)
		{
			// Checked, freed, then not loaded again: only a lack of memory does this.
			UE_LOG(LogMotive, Error, TEXT("LoadWorld: the level's motive world is gone"));
			Npcs.Empty();
			Actors.Empty();
			EntityKeysByActorId.Empty();
			State.Reset();
		}
		return false;
	}
	// Another world now: its drops are counted, and warned of, from its own start.
	State->Pump.forget_world();
	// The replaced world's jobs end (their components stop, while Npcs still maps the old
	// handles); the saved jobs begin again once every actor has its entity back.
	std::vector<motive::Job> Jobs;
	Jobs.reserve(static_cast<std::size_t>(Save->Jobs.Num()));
	for (const FMotiveSavedJob& Job : Save->Jobs)
	{
		Jobs.push_back(FromSaved(Job));
	}
	motive::resume_jobs(State->Performer, State->World, motive::Span<const motive::Job>(Jobs.data(), Jobs.size()));
	NotifyStops(0);
	State->Facts.clear(); // facts waiting for entities of the replaced world
	ReferencedActors.Empty();
	RebindActors(*Save);
	StartJobs();
	OnWorldLoaded.Broadcast();
	return true;
}

void UMotiveWorldSubsystem::RebindActors(const UMotiveSaveGame& Save)
{
	// Every actor that played an entity of the replaced world takes back the entity saved under
	// its name, or spawns one anew (with its initial facts) when the save has none for it.
	TArray<TWeakObjectPtr<AActor>> Played;
	Actors.GenerateValueArray(Played);
	Npcs.Empty();
	Actors.Empty();
	EntityKeysByActorId.Empty();
	for (const TWeakObjectPtr<AActor>& Weak : Played)
	{
		AActor* Actor = Weak.Get();
		if (Actor == nullptr)
		{
			continue;
		}
		const int64* SavedKey = Save.Entities.Find(SaveKey(*Actor));
		const motive::Entity Entity =
			SavedKey ? State->World.rebase(motive::Entity::from_u64(static_cast<uint64>(*SavedKey))) : motive::Entity();
		const motive::Result<motive_entity_kind> Kind = State->World.entity_kind(Entity); // fails for none
		if (UMotiveNpcComponent* Npc = Actor->FindComponentByClass<UMotiveNpcComponent>())
		{
			if (!Kind.ok() || Kind.value() != MOTIVE_ENTITY_KIND_NPC)
			{
				Npc->Respawn();
				continue;
			}
			Npc->Rebind(static_cast<int64>(Entity.as_npc().to_u64()), Entity.to_u64());
			Npcs.Add(Entity.as_npc().to_u64(), Npc);
			RegisterActor(*Actor, Entity.to_u64());
			// The pawn goes where the save had it.
			const motive::Result<motive::Vec3> At = State->World.entity_position(Entity);
			if (At.ok())
			{
				Actor->SetActorLocation(MotiveSpace::ToEngine(At.value(), Scale), false, nullptr, ETeleportType::TeleportPhysics);
			}
		}
		else if (UMotiveSmartObjectComponent* Object = Actor->FindComponentByClass<UMotiveSmartObjectComponent>())
		{
			if (!Kind.ok() || Kind.value() != MOTIVE_ENTITY_KIND_OBJECT)
			{
				Object->Respawn();
				continue;
			}
			Object->Rebind(static_cast<int64>(Entity.as_object().to_u64()), Entity.to_u64());
			RegisterActor(*Actor, Entity.to_u64());
		}
	}
}

void UMotiveWorldSubsystem::Tick(float DeltaTime)
{
	if (!State)
	{
		return;
	}
	LogWaitingFacts();
	SyncNpcPositions();
	if (!CheckStatus(State->World.tick(DeltaTime), TEXT("tick")))
	{
		return;
	}
	motive::Result<motive::Span<const motive::Event>> Events = State->Pump.drain(State->World);
	if (!CheckStatus(Events.to_status(), TEXT("polling events")))
	{
		return;
	}
	if (State->Pump.warn_dropped())
	{
		UE_LOG(LogMotive, Warning,
			TEXT("motive dropped %llu events unread since the last drain (the world keeps at most %u pending): raise it with set_event_limit. Requests dropped unread end on their own or time out."),
			static_cast<unsigned long long>(State->Pump.dropped()), State->World.event_limit().value_or(0u));
	}
	State->Performer.observe(Events.value());
	NotifyStops(0);
	StartJobs();
	const int32 First = static_cast<int32>(State->Performer.stopped().size());
	CheckStatus(State->Performer.advance(State->World, DeltaTime), TEXT("reporting an engine-timed action"));
	NotifyStops(First);
	DrawDebug();
}

void UMotiveWorldSubsystem::StartJobs()
{
	for (const motive::Job& Job : State->Performer.started())
	{
		UMotiveNpcComponent* Component = FindNpc(Job.npc.to_u64());
		if (Component == nullptr)
		{
			continue;
		}
		AActor* Target = FindActor(Job.target.to_u64());
		TOptional<FVector> Destination;
		if (Target == nullptr)
		{
			motive::Result<motive::Vec3> Position = State->World.entity_position(Job.target);
			if (Position.ok())
			{
				Destination = MotiveSpace::ToEngine(Position.value(), Scale);
			}
		}
		const std::string_view Name = State->ActionNames.name(Job.action);
		const FName Action = Name.empty() ? FName(*FString::Printf(TEXT("action_%u"), Job.action)) : FName(*ToFString(Name));
		Component->StartJob(Action, Target, Destination, Job.performance == motive::Performance::walk,
			static_cast<float>(Job.stand_off) * Scale);
	}
}

void UMotiveWorldSubsystem::SyncNpcPositions()
{
	// The engine owns bodies: motive sees each NPC where its actor stands.
	for (const TPair<uint64, TWeakObjectPtr<UMotiveNpcComponent>>& Npc : Npcs)
	{
		if (const UMotiveNpcComponent* Component = Npc.Value.Get())
		{
			SyncPosition(Component->GetEntityKey(), *Component->GetOwner());
		}
	}
}

void UMotiveWorldSubsystem::NotifyStops(int32 First)
{
	const motive::Span<const motive::Stop> Stops = State->Performer.stopped();
	for (std::size_t I = static_cast<std::size_t>(First); I < Stops.size(); ++I)
	{
		if (UMotiveNpcComponent* Component = FindNpc(Stops[I].npc.to_u64()))
		{
			Component->StopJob(Stops[I].kind == MOTIVE_EVENT_KIND_ACTION_FINISHED);
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
		const FString Text = DescribeAction(static_cast<int64>(Npc.Key));
		const FVector Location = Owner->GetActorLocation();
		UE_VLOG(Owner, LogMotive, Log, TEXT("%s"), *Text);
		if (const motive::Job* Job = State->Performer.job(motive::Npc::from_u64(Npc.Key)))
		{
			if (const AActor* Target = FindActor(Job->target.to_u64()))
			{
				UE_VLOG_SEGMENT(Owner, LogMotive, Log, Location, Target->GetActorLocation(), FColor::Green, TEXT("%s"),
					*ToFString(State->ActionNames.name(Job->action)));
			}
		}
		if (bDraw)
		{
			DrawDebugString(GetWorld(), Location + FVector(0.0, 0.0, 120.0), Text, nullptr, FColor::White, 0.f, true);
		}
	}
}

#else // !WITH_MOTIVE_LIBRARY: built without the library, the subsystem stays empty.

bool UMotiveWorldSubsystem::LoadDomain(UMotiveDomainAsset*)
{
	UE_CLOG(!bToldNoLibrary, LogMotive, Error, TEXT("LoadDomain: %s"), *FMotiveModule::GetLibraryProblem());
	bToldNoLibrary = true;
	return false;
}
bool UMotiveWorldSubsystem::SpawnNpc(UMotiveNpcComponent&, FName, int64&, uint64&) { return false; }
bool UMotiveWorldSubsystem::SpawnObject(AActor&, FName, int64&, uint64&) { return false; }
void UMotiveWorldSubsystem::DestroyEntity(uint64 EntityKey) { Actors.Remove(EntityKey); }
bool UMotiveWorldSubsystem::CompleteAction(int64, bool) { return false; }
bool UMotiveWorldSubsystem::ThinkNow(int64) { return false; }
bool UMotiveWorldSubsystem::SetFact(uint64, FName, const FMotiveFactValue&) { return false; }
bool UMotiveWorldSubsystem::SetNumberFact(uint64, FName, double) { return false; }
bool UMotiveWorldSubsystem::GetNumberFact(uint64, FName, double&) const { return false; }
void UMotiveWorldSubsystem::SyncPosition(uint64, const AActor&) {}
FString UMotiveWorldSubsystem::DescribeAction(int64) { return FMotiveModule::GetLibraryProblem(); }
TArray<FString> UMotiveWorldSubsystem::ExplainNpc(int64) const { return {FMotiveModule::GetLibraryProblem()}; }
void UMotiveWorldSubsystem::GetDrives(int64, TArray<FName>&, TArray<float>&) const {}
void UMotiveWorldSubsystem::GetPlan(int64, TArray<FName>&, TArray<AActor*>&, TArray<FString>&) const {}
motive::World* UMotiveWorldSubsystem::GetMotiveWorld() { return nullptr; }
UMotiveSaveGame* UMotiveWorldSubsystem::SaveWorld()
{
	UE_LOG(LogMotive, Warning, TEXT("SaveWorld: %s"), *FMotiveModule::GetLibraryProblem());
	return nullptr;
}
bool UMotiveWorldSubsystem::LoadWorld(const UMotiveSaveGame*)
{
	UE_LOG(LogMotive, Warning, TEXT("LoadWorld: %s"), *FMotiveModule::GetLibraryProblem());
	return false;
}
void UMotiveWorldSubsystem::RebindActors(const UMotiveSaveGame&) {}
void UMotiveWorldSubsystem::Tick(float) {}
void UMotiveWorldSubsystem::StartJobs() {}
void UMotiveWorldSubsystem::SyncNpcPositions() {}
void UMotiveWorldSubsystem::NotifyStops(int32) {}
void UMotiveWorldSubsystem::DrawDebug() {}
void UMotiveWorldSubsystem::RetryWaitingFacts() {}
void UMotiveWorldSubsystem::LogWaitingFacts() {}

#endif // WITH_MOTIVE_LIBRARY
