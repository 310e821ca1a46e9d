using System;
using System.Linq;
using System.Reflection;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// The callbacks native code calls are ready for IL2CPP: static, marked with an attribute
    /// named AOT.MonoPInvokeCallbackAttribute giving their delegate type, and that attribute is
    /// the wrapper's own, internal, so it never clashes with UnityEngine's. (The attribute is
    /// found by name here: naming the type would be ambiguous in Unity, where the tests also
    /// see UnityEngine's.)
    /// </summary>
    [TestFixture]
    public class AotCallbackTests
    {
        [Test]
        public void EveryNativeCallbackIsStaticAndMarkedForAot()
        {
            var assembly = typeof(World).Assembly;
            var callbacks = assembly.GetType("Motive.WorldCallbacks", true);
            var marked = callbacks.GetMethods(BindingFlags.Static | BindingFlags.NonPublic | BindingFlags.Public)
                .Where(m => m.GetCustomAttributes(false).Any(a => a.GetType().Name == "MonoPInvokeCallbackAttribute"))
                .ToArray();
            Assert.AreEqual(4, marked.Length, "context, relevance, behaviour condition, behaviour action");

            // Every delegate handed to native code is one of the marked methods.
            foreach (var field in callbacks.GetFields(BindingFlags.Static | BindingFlags.NonPublic)
                         .Where(f => typeof(Delegate).IsAssignableFrom(f.FieldType)))
            {
                var target = (Delegate)field.GetValue(null);
                Assert.IsNull(target.Target, field.Name + " is static");
                Assert.Contains(target.Method, marked, field.Name);
                var attribute = target.Method.GetCustomAttributes(false).Single(a => a.GetType().Name == "MonoPInvokeCallbackAttribute");
                Assert.AreEqual(field.FieldType, attribute.GetType().GetProperty("Type").GetValue(attribute, null), field.Name);
            }

            var type = marked[0].GetCustomAttributes(false).Select(a => a.GetType()).Single(t => t.Name == "MonoPInvokeCallbackAttribute");
            Assert.AreEqual("AOT.MonoPInvokeCallbackAttribute", type.FullName);
            Assert.AreSame(assembly, type.Assembly, "the wrapper's own");
            Assert.IsFalse(type.IsPublic, "internal: invisible next to UnityEngine's");
        }
    }
}
