using System;

namespace Motive
{
    /// <summary>
    /// The items a list query or event poll returned, viewed in the buffer the wrapper keeps and
    /// reuses for that query: valid until the same query runs again on the same object. Copy
    /// what must outlive that. Indexing and <c>foreach</c> allocate nothing.
    /// </summary>
    public readonly struct BufferView<T> where T : struct
    {
        private readonly T[] items;

        /// <summary>How many items there are.</summary>
        public readonly int Count;

        internal BufferView(T[] items, int count)
        {
            this.items = items;
            Count = count;
        }

        /// <summary>Item <paramref name="index"/>, 0 to <see cref="Count"/> − 1.</summary>
        public T this[int index]
        {
            get
            {
                if ((uint)index >= (uint)Count)
                {
                    throw new ArgumentOutOfRangeException("index", index, "a view of " + Count + " items");
                }
                return items[index];
            }
        }

        /// <summary>A copy of the items, to keep.</summary>
        public T[] ToArray()
        {
            var copy = new T[Count];
            Array.Copy(items ?? copy, copy, Count);
            return copy;
        }

        /// <summary>A struct enumerator: <c>foreach</c> over a view does not allocate.</summary>
        public Enumerator GetEnumerator()
        {
            return new Enumerator(this);
        }

        /// <summary>Enumerates a <see cref="BufferView{T}"/> without allocating.</summary>
        public struct Enumerator
        {
            private readonly BufferView<T> view;
            private int index;

            internal Enumerator(BufferView<T> view)
            {
                this.view = view;
                index = -1;
            }

            /// <summary>The current item.</summary>
            public T Current
            {
                get { return view.items[index]; }
            }

            /// <summary>Moves to the next item; false past the last.</summary>
            public bool MoveNext()
            {
                return ++index < view.Count;
            }
        }
    }
}
