using System.Runtime.CompilerServices;

// The tests (Mono's and Unity's EditMode) reach the P/Invoke layer and test hooks.
[assembly: InternalsVisibleTo("Motive.Tests")]
