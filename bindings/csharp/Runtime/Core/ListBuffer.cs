using System;
using System.Runtime.InteropServices;

namespace Motive
{
    /// <summary>
    /// A native list query with the caller's buffer: <c>(owner, argument, buffer, capacity,
    /// out count)</c>. The buffer is the pinned address of a managed array.
    /// </summary>
    internal delegate Status ListQuery<THandle, TArg>(THandle owner, TArg argument, IntPtr buffer, UIntPtr capacity, out UIntPtr count);

    /// <summary>
    /// The reusable buffer of one list query: filled in place, grown to the count the native side
    /// asks for when it is too small (list queries always report the count), so a query in a
    /// steady state allocates nothing.
    /// </summary>
    internal sealed class ListBuffer<T> where T : struct
    {
        private T[] items;

        internal ListBuffer(int capacity)
        {
            items = new T[capacity];
        }

        /// <summary>Runs <paramref name="query"/> into the buffer and returns a view of the result.</summary>
        internal BufferView<T> Fill<THandle, TArg>(ListQuery<THandle, TArg> query, THandle owner, TArg argument)
        {
            while (true)
            {
                UIntPtr count;
                Status status;
                var pin = GCHandle.Alloc(items, GCHandleType.Pinned);
                try
                {
                    status = query(owner, argument, pin.AddrOfPinnedObject(), (UIntPtr)items.Length, out count);
                }
                finally
                {
                    pin.Free();
                }
                if (status == Status.BufferTooSmall && (int)count > items.Length)
                {
                    items = new T[Math.Max((int)count, items.Length * 2)];
                    continue;
                }
                Errors.Check(status);
                return new BufferView<T>(items, (int)count);
            }
        }
    }
}
