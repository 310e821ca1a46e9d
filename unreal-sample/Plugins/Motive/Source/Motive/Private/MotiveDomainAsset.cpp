#include "MotiveDomainAsset.h"

#include "Misc/FileHelper.h"
#include "Misc/Paths.h"
#include "MotiveHeaders.h"
#include "MotiveModule.h"
#include "MotiveText.h"
#if WITH_EDITOR
#include "Misc/DataValidation.h"
#endif

// The checks are motive's own (motive_diagnostic_lines.hpp, tested with the wrapper): this file
// only hands the asset's JSON over and logs the lines that come back.

#if WITH_MOTIVE_LIBRARY
namespace
{
motive::DocumentKind DocumentKindOf(EMotiveDocument Document)
{
	return Document == EMotiveDocument::Scenario ? motive::DocumentKind::scenario : motive::DocumentKind::domain;
}

// The check of an asset's document, named after the asset.
motive::DocumentCheck CheckAssetJson(const UMotiveDomainAsset& Asset)
{
	return motive::check_document(
		MotiveText::ToUtf8(Asset.Json), DocumentKindOf(Asset.Document), MotiveText::ToUtf8(Asset.GetName()));
}
} // namespace
#endif

int32 UMotiveDomainAsset::LogDiagnostics() const
{
	if (!FMotiveModule::IsLibraryReady())
	{
		UE_LOG(LogMotive, Warning, TEXT("%s: not checked: %s"), *GetName(), *FMotiveModule::GetLibraryProblem());
		return INDEX_NONE;
	}
#if WITH_MOTIVE_LIBRARY
	const motive::DocumentCheck Checked = CheckAssetJson(*this);
	const int32 Errors = MotiveText::LogLines(Checked);
	UE_CLOG(Checked.ok(), LogMotive, Log, TEXT("%s: the domain loads (%d warnings)"), *GetName(), static_cast<int32>(Checked.warnings()));
	return Errors;
#else
	return INDEX_NONE;
#endif
}

void UMotiveDomainAsset::PostLoad()
{
	Super::PostLoad();
#if WITH_EDITOR
	// In the editor only (not in games, not while cooking): the module already said when the
	// library is missing, so an asset says nothing then.
	if (GIsEditor && !IsRunningCommandlet() && FMotiveModule::IsLibraryReady() && !Json.IsEmpty())
	{
		LogDiagnostics();
	}
#endif
}

#if WITH_EDITOR
void UMotiveDomainAsset::ImportSourceFile()
{
	const FString Path = FPaths::ConvertRelativePathToFull(FPaths::ProjectDir(), SourceFile.FilePath);
	FString Text;
	if (!FFileHelper::LoadFileToString(Text, *Path))
	{
#if WITH_MOTIVE_LIBRARY
		if (FMotiveModule::IsLibraryReady())
		{
			// motive reads it itself to say why: "NAME: error: cannot read PATH: reason".
			MotiveText::LogLines(
				motive::check_file(MotiveText::ToUtf8(Path), DocumentKindOf(Document), MotiveText::ToUtf8(GetName())));
			return;
		}
#endif
		UE_LOG(LogMotive, Error, TEXT("%s: error: cannot read %s: %s"), *GetName(), *Path,
			FPaths::FileExists(Path) ? TEXT("the file could not be read") : TEXT("no such file"));
		return;
	}
	Modify();
	Json = MoveTemp(Text);
	LogDiagnostics();
}

void UMotiveDomainAsset::CheckDocument()
{
	LogDiagnostics();
}

void UMotiveDomainAsset::PostEditChangeProperty(FPropertyChangedEvent& PropertyChangedEvent)
{
	Super::PostEditChangeProperty(PropertyChangedEvent);
	const FName Changed = PropertyChangedEvent.GetPropertyName();
	if (Changed == GET_MEMBER_NAME_CHECKED(UMotiveDomainAsset, Json) ||
		Changed == GET_MEMBER_NAME_CHECKED(UMotiveDomainAsset, Document))
	{
		LogDiagnostics();
	}
}

EDataValidationResult UMotiveDomainAsset::IsDataValid(FDataValidationContext& Context) const
{
	EDataValidationResult Result = Super::IsDataValid(Context);
	if (!FMotiveModule::IsLibraryReady())
	{
		return Result; // Nothing to check with: the module logged why.
	}
#if WITH_MOTIVE_LIBRARY
	const motive::DocumentCheck Checked = CheckAssetJson(*this);
	for (const motive::DiagnosticLine& Line : Checked.lines)
	{
		if (Line.error)
		{
			Context.AddError(FText::FromString(MotiveText::ToFString(Line.text)));
		}
		else
		{
			Context.AddWarning(FText::FromString(MotiveText::ToFString(Line.text)));
		}
	}
	Result = CombineDataValidationResults(Result, Checked.ok() ? EDataValidationResult::Valid : EDataValidationResult::Invalid);
#endif
	return Result;
}
#endif // WITH_EDITOR
