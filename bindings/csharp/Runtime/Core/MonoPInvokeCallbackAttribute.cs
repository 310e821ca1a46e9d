using System;

namespace AOT
{
    /// <summary>
    /// Marks a static method native code calls back, so that IL2CPP (and Mono's full AOT)
    /// generates a reverse P/Invoke wrapper for it. Mono's and .NET's JIT need no mark.
    /// </summary>
    /// <remarks>
    /// Always defined, and internal to the Motive assembly: that assembly has no engine
    /// references (<c>noEngineReferences</c>), so Unity's own <c>AOT.MonoPInvokeCallbackAttribute</c>
    /// (UnityEngine.CoreModule) is not visible in it, and this one is the only one in every build
    /// (Unity Editor and players, Mono, IL2CPP, the plain Mono tests). IL2CPP finds the attribute
    /// by its name on any type, in any assembly; this one has the very full name of Unity's, so it
    /// qualifies whichever way the name is compared. Being internal, it never clashes with
    /// Unity's in assemblies that reference both Motive and UnityEngine.
    /// </remarks>
    [AttributeUsage(AttributeTargets.Method)]
    internal sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        /// <summary>The delegate type native code calls the method through.</summary>
        public MonoPInvokeCallbackAttribute(Type type)
        {
            Type = type;
        }

        /// <summary>The delegate type native code calls the method through.</summary>
        public Type Type { get; private set; }
    }
}
