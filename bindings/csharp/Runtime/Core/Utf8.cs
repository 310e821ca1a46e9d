using System.Text;

namespace Motive
{
    /// <summary>Strings to and from the NUL-terminated UTF-8 the C ABI speaks.</summary>
    internal static unsafe class Utf8
    {
        /// <summary>The UTF-8 bytes of <paramref name="text"/> and a NUL; null stays null.</summary>
        internal static byte[] NullTerminated(string text)
        {
            if (text == null)
            {
                return null;
            }
            var bytes = new byte[Encoding.UTF8.GetByteCount(text) + 1];
            Encoding.UTF8.GetBytes(text, 0, text.Length, bytes, 0);
            return bytes;
        }

        /// <summary>The string at a NUL-terminated UTF-8 pointer; NULL reads as null.</summary>
        internal static string Read(byte* text)
        {
            if (text == null)
            {
                return null;
            }
            int length = 0;
            while (text[length] != 0)
            {
                length++;
            }
            return Encoding.UTF8.GetString(text, length);
        }

        /// <summary>A native call that copies a string into a caller's buffer, length first.</summary>
        internal delegate Status Query(byte* buffer, System.UIntPtr capacity, out System.UIntPtr length);

        /// <summary>
        /// The string <paramref name="query"/> copies out, by the header's convention: asked
        /// for its length with no buffer, then copied into one that fits.
        /// </summary>
        internal static string Copy(Query query)
        {
            System.UIntPtr length;
            var status = query(null, System.UIntPtr.Zero, out length);
            if (status != Status.BufferTooSmall)
            {
                Errors.Check(status);
            }
            var bytes = new byte[(int)length + 1];
            fixed (byte* buffer = bytes)
            {
                Errors.Check(query(buffer, (System.UIntPtr)bytes.Length, out length));
            }
            return Encoding.UTF8.GetString(bytes, 0, (int)length);
        }
    }
}
