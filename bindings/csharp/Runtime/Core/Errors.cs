using System;

namespace Motive
{
    /// <summary>Turns native statuses into exceptions carrying motive's last-error message.</summary>
    internal static unsafe class Errors
    {
        [ThreadStatic] private static byte[] messageBuffer;

        /// <summary>Throws for any failure (<c>motive_status_is_error</c>); success passes without a native call or allocation.</summary>
        internal static void Check(Status status)
        {
            if (status != Status.Ok && NativeMethods.motive_status_is_error((uint)status))
            {
                throw ToException(status);
            }
        }

        /// <summary>The one mapping from a failed status to the exception a caller sees.</summary>
        internal static MotiveException ToException(Status status)
        {
            string message = LastErrorMessage();
            switch (status)
            {
                case Status.StaleHandle:
                    return new StaleHandleException(message);
                case Status.WrongWorld:
                    return new WrongWorldException(message);
                case Status.Poisoned:
                case Status.Panic:
                    return new WorldPoisonedException(status, message);
                default:
                    return new MotiveException(status, message);
            }
        }

        /// <summary>The detail of the last failure on this thread (<c>motive_last_error_message</c>).</summary>
        internal static string LastErrorMessage()
        {
            if (messageBuffer == null)
            {
                messageBuffer = new byte[256];
            }
            while (true)
            {
                UIntPtr length;
                Status status;
                fixed (byte* buffer = messageBuffer)
                {
                    status = NativeMethods.motive_last_error_message(buffer, (UIntPtr)messageBuffer.Length, out length);
                }
                if (status == Status.BufferTooSmall)
                {
                    messageBuffer = new byte[(int)length + 1];
                    continue;
                }
                if (status != Status.Ok)
                {
                    return "(no message: motive_last_error_message returned " + status + ")";
                }
                return System.Text.Encoding.UTF8.GetString(messageBuffer, 0, (int)length);
            }
        }

        /// <summary>The static name of a status (<c>motive_status_str</c>), "MOTIVE_STATUS_OK".</summary>
        internal static string Name(Status status)
        {
            return Utf8.Read((byte*)NativeMethods.motive_status_str((uint)status));
        }
    }
}
