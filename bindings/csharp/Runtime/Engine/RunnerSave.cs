using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

namespace Motive
{
    /// <summary>
    /// The bytes of <see cref="WorldRunner.Save()"/>: motive's save of the world and the engine's
    /// side of it, which motive does not hold: each agent (key, NPC, body position, the action
    /// its body performs), the runner's counters, and entities named by key (a scene's smart
    /// objects). Little-endian: "MOTR", the format version, then those, the world's bytes last.
    /// Handles are written as they were (<see cref="Entity.ToUInt64"/>) and rebased on load.
    /// </summary>
    internal sealed class RunnerSave
    {
        private static readonly byte[] Magic = { (byte)'M', (byte)'O', (byte)'T', (byte)'R' };
        private const int FormatVersion = 1;

        internal sealed class Agent
        {
            internal string Key;
            internal Npc Npc;
            internal Vec3 Position;
            internal bool MovesItself;
            internal int ActionsCompleted;
            internal float Speed;
            internal float ArrivalTolerance;
            internal int UpAxis;
            internal PerformerState State;
            internal Event Request;
            internal Vec3 Destination;
            internal double SecondsLeft;
        }

        internal int ActionsRequested;
        internal int ActionsCompleted;
        internal int ActionsTimedOut;
        internal readonly List<Agent> Agents = new List<Agent>();
        internal readonly List<KeyValuePair<string, Entity>> Named = new List<KeyValuePair<string, Entity>>();
        internal byte[] World;

        internal static byte[] Write(WorldRunner runner, IEnumerable<KeyValuePair<string, Entity>> named)
        {
            var keys = new HashSet<string>();
            var stream = new MemoryStream();
            using (var writer = new BinaryWriter(stream, Encoding.UTF8))
            {
                writer.Write(Magic);
                writer.Write(FormatVersion);
                writer.Write(runner.ActionsRequested);
                writer.Write(runner.ActionsCompleted);
                writer.Write(runner.ActionsTimedOut);
                writer.Write(runner.Agents.Count);
                foreach (var agent in runner.Agents)
                {
                    Unique(keys, agent.Key);
                    WriteKey(writer, agent.Key);
                    writer.Write(agent.Npc.ToUInt64());
                    Write(writer, agent.Position);
                    writer.Write(agent.MovesItself);
                    writer.Write(agent.ActionsCompleted);
                    var performer = agent.Performer;
                    writer.Write(performer.Speed);
                    writer.Write(performer.ArrivalTolerance);
                    writer.Write(performer.UpAxis);
                    writer.Write((int)performer.State);
                    Write(writer, performer.Request);
                    Write(writer, performer.Destination);
                    writer.Write(performer.SecondsLeft);
                }
                var entities = new List<KeyValuePair<string, Entity>>(named ?? new KeyValuePair<string, Entity>[0]);
                writer.Write(entities.Count);
                foreach (var entry in entities)
                {
                    if (entry.Key == null)
                    {
                        throw new ArgumentException("a named entity has no key", "named");
                    }
                    Unique(keys, entry.Key);
                    WriteKey(writer, entry.Key);
                    writer.Write(entry.Value.ToUInt64());
                }
                var world = runner.World.Save();
                writer.Write(world.Length);
                writer.Write(world);
            }
            return stream.ToArray();
        }

        /// <summary>Reads <paramref name="bytes"/>; a MotiveException (InvalidArgument) when they are no runner save.</summary>
        internal static RunnerSave Read(byte[] bytes)
        {
            if (bytes == null)
            {
                throw new ArgumentNullException("save");
            }
            try
            {
                using (var reader = new BinaryReader(new MemoryStream(bytes, false), Encoding.UTF8))
                {
                    var magic = reader.ReadBytes(Magic.Length);
                    if (magic.Length != Magic.Length || magic[0] != Magic[0] || magic[1] != Magic[1] || magic[2] != Magic[2] || magic[3] != Magic[3])
                    {
                        throw Refused("not a world runner's save (WorldRunner.Save)");
                    }
                    int version = reader.ReadInt32();
                    if (version != FormatVersion)
                    {
                        throw Refused("a world runner's save of format " + version + "; this runner reads format " + FormatVersion);
                    }
                    var save = new RunnerSave
                    {
                        ActionsRequested = reader.ReadInt32(),
                        ActionsCompleted = reader.ReadInt32(),
                        ActionsTimedOut = reader.ReadInt32(),
                    };
                    int agents = Count(reader, bytes.Length);
                    for (int i = 0; i < agents; i++)
                    {
                        save.Agents.Add(new Agent
                        {
                            Key = ReadKey(reader),
                            Npc = Npc.FromUInt64(reader.ReadUInt64()),
                            Position = ReadVec3(reader),
                            MovesItself = reader.ReadBoolean(),
                            ActionsCompleted = reader.ReadInt32(),
                            Speed = reader.ReadSingle(),
                            ArrivalTolerance = reader.ReadSingle(),
                            UpAxis = reader.ReadInt32(),
                            State = (PerformerState)reader.ReadInt32(),
                            Request = ReadEvent(reader),
                            Destination = ReadVec3(reader),
                            SecondsLeft = reader.ReadDouble(),
                        });
                    }
                    int named = Count(reader, bytes.Length);
                    for (int i = 0; i < named; i++)
                    {
                        var key = ReadKey(reader);
                        save.Named.Add(new KeyValuePair<string, Entity>(key, Entity.FromUInt64(reader.ReadUInt64())));
                    }
                    int length = Count(reader, bytes.Length);
                    save.World = reader.ReadBytes(length);
                    if (save.World.Length != length || reader.BaseStream.Position != bytes.Length)
                    {
                        throw Refused("a truncated or overlong world runner's save");
                    }
                    return save;
                }
            }
            catch (EndOfStreamException)
            {
                throw Refused("a truncated world runner's save");
            }
            catch (FormatException)
            {
                throw Refused("a corrupted world runner's save (a key is not a string)");
            }
        }

        /// <summary>A runner over <paramref name="world"/>, loaded from this save, with every handle rebased to it.</summary>
        internal WorldRunner Restore(World world, ActionStyles styles)
        {
            var runner = new WorldRunner(world, styles);
            runner.ActionsRequested = ActionsRequested;
            runner.ActionsCompleted = ActionsCompleted;
            runner.ActionsTimedOut = ActionsTimedOut;
            foreach (var saved in Agents)
            {
                var agent = runner.Adopt(world.Rebase(saved.Npc), saved.Position, saved.Key);
                agent.MovesItself = saved.MovesItself;
                agent.ActionsCompleted = saved.ActionsCompleted;
                var performer = agent.Performer;
                performer.Speed = saved.Speed;
                performer.ArrivalTolerance = saved.ArrivalTolerance;
                performer.UpAxis = saved.UpAxis;
                var request = saved.Request;
                request.Npc = world.Rebase(request.Npc);
                request.Target = world.Rebase(request.Target);
                performer.Restore(saved.State, request, saved.Destination, saved.SecondsLeft);
            }
            foreach (var entry in Named)
            {
                runner.Name(entry.Key, world.Rebase(entry.Value));
            }
            return runner;
        }

        private static void Unique(HashSet<string> keys, string key)
        {
            if (key != null && !keys.Add(key))
            {
                throw new ArgumentException("two agents or entities are saved under the key \"" + key + "\"; keys must be unique");
            }
        }

        private static MotiveException Refused(string why)
        {
            return new MotiveException(Status.InvalidArgument, why);
        }

        // A count that the bytes left could hold at all (a corrupted count fails here, not in an allocation).
        private static int Count(BinaryReader reader, int length)
        {
            int count = reader.ReadInt32();
            if (count < 0 || count > length)
            {
                throw Refused("a corrupted world runner's save (a count of " + count + ")");
            }
            return count;
        }

        private static void WriteKey(BinaryWriter writer, string key)
        {
            writer.Write(key != null);
            if (key != null)
            {
                writer.Write(key);
            }
        }

        private static string ReadKey(BinaryReader reader)
        {
            return reader.ReadBoolean() ? reader.ReadString() : null;
        }

        private static void Write(BinaryWriter writer, Vec3 v)
        {
            writer.Write(v.X);
            writer.Write(v.Y);
            writer.Write(v.Z);
        }

        private static Vec3 ReadVec3(BinaryReader reader)
        {
            float x = reader.ReadSingle(), y = reader.ReadSingle(), z = reader.ReadSingle();
            return new Vec3(x, y, z);
        }

        private static void Write(BinaryWriter writer, Event e)
        {
            writer.Write((uint)e.Kind);
            writer.Write(e.Npc.ToUInt64());
            writer.Write(e.Action);
            writer.Write(e.Target.ToUInt64());
            writer.Write(e.Request);
            writer.Write(e.StandOff);
            writer.Write(e.Animation);
            writer.Write(e.FaceTarget);
            writer.Write(e.Slot);
            writer.Write(e.Outcome);
            writer.Write((uint)e.EndedBy);
            writer.Write(e.Seconds);
        }

        private static Event ReadEvent(BinaryReader reader)
        {
            var e = new Event();
            e.Kind = (EventKind)reader.ReadUInt32();
            e.Npc = Entity.FromUInt64(reader.ReadUInt64());
            e.Action = reader.ReadUInt32();
            e.Target = Entity.FromUInt64(reader.ReadUInt64());
            e.Request = reader.ReadUInt32();
            e.StandOff = reader.ReadDouble();
            e.Animation = reader.ReadUInt32();
            e.FaceTarget = reader.ReadBoolean();
            e.Slot = reader.ReadUInt32();
            e.Outcome = reader.ReadUInt32();
            e.EndedBy = (ActionEnd)reader.ReadUInt32();
            e.Seconds = reader.ReadDouble();
            return e;
        }
    }
}
