#include "MotiveDomainAsset.h"

#include "Misc/FileHelper.h"
#include "Misc/Paths.h"
#include "MotiveModule.h"

#if WITH_EDITOR
void UMotiveDomainAsset::ImportSourceFile()
{
	const FString Path = FPaths::ConvertRelativePathToFull(FPaths::ProjectDir(), SourceFile.FilePath);
	FString Text;
	if (!FFileHelper::LoadFileToString(Text, *Path))
	{
		UE_LOG(LogMotive, Error, TEXT("%s: cannot read %s"), *GetName(), *Path);
		return;
	}
	Modify();
	Json = MoveTemp(Text);
}
#endif
