// Text between Unreal and motive (UTF-8 std::string and string_view), and the log lines of a
// document check. Inline in one private header: the module's .cpp files may share a unity
// build, where file-local helpers of the same name would collide.
#pragma once

#include "CoreMinimal.h"
#include "MotiveHeaders.h"
#include "MotiveModule.h"

#if WITH_MOTIVE_LIBRARY
namespace MotiveText
{
/** UTF-8 text from motive as an FString. */
inline FString ToFString(std::string_view Text)
{
	const FUTF8ToTCHAR Converted(Text.data(), static_cast<int32>(Text.size()));
	return FString(Converted.Length(), Converted.Get());
}

/** An FString as the UTF-8 text motive takes. */
inline std::string ToUtf8(const FString& Text)
{
	const FTCHARToUTF8 Converted(*Text);
	return std::string(Converted.Get(), Converted.Length());
}

/** Logs a document check's lines to LogMotive (errors as errors, lint as warnings); returns the
 * number of errors. */
inline int32 LogLines(const motive::DocumentCheck& Check)
{
	for (const motive::DiagnosticLine& Line : Check.lines)
	{
		if (Line.error)
		{
			UE_LOG(LogMotive, Error, TEXT("%s"), *ToFString(Line.text));
		}
		else
		{
			UE_LOG(LogMotive, Warning, TEXT("%s"), *ToFString(Line.text));
		}
	}
	return static_cast<int32>(Check.errors());
}
} // namespace MotiveText
#endif // WITH_MOTIVE_LIBRARY
