#if !UNITY_5_3_OR_NEWER
using System;

namespace AOT
{
    /// <summary>
    /// Outside Unity, a stand-in for Unity's <c>AOT.MonoPInvokeCallbackAttribute</c>, which marks
    /// a static method native code calls back, so that IL2CPP generates a reverse P/Invoke
    /// wrapper for it. Mono and .NET need no such mark; the attribute keeps one source for all.
    /// </summary>
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class MonoPInvokeCallbackAttribute : Attribute
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
#endif
