using System;
using System.Collections.Generic;
using System.Text;

namespace Motive
{
    /// <summary>
    /// The debug overlay's text for an NPC, its running action and a line per drive with its
    /// satisfaction in [0, 1], built into one reused StringBuilder without allocating. Names come from <see cref="Domain"/> lookups of the names the game
    /// gives (the C ABI looks names up but does not list them).
    /// </summary>
    public sealed class NpcStatusText
    {
        private readonly Dictionary<uint, string> actionNames = new Dictionary<uint, string>();
        private readonly Dictionary<uint, string> driveNames = new Dictionary<uint, string>();
        private readonly StringBuilder text = new StringBuilder(256);

        /// <summary>Names the actions and drives called <paramref name="actions"/> and <paramref name="drives"/> in <paramref name="domain"/>.</summary>
        public NpcStatusText(Domain domain, IEnumerable<string> actions, IEnumerable<string> drives)
        {
            foreach (var name in actions)
            {
                actionNames[domain.FindAction(name)] = name;
            }
            foreach (var name in drives)
            {
                driveNames[domain.FindDrive(name)] = name;
            }
        }

        /// <summary>
        /// The NPC's running action and drives, one per line: "goto\nhunger 0.52\n…"; ids
        /// without a name show as "action 3", "drive 5". Valid until the next call.
        /// </summary>
        public StringBuilder Describe(World world, Npc npc)
        {
            text.Length = 0;
            RunningAction running;
            if (world.TryGetRunningAction(npc, out running))
            {
                AppendName(actionNames, "action ", running.Action);
            }
            else
            {
                text.Append("idle");
            }
            foreach (var drive in world.Drives(npc))
            {
                text.Append('\n');
                AppendName(driveNames, "drive ", drive.Drive);
                text.Append(' ');
                AppendHundredths(drive.Satisfaction);
            }
            return text;
        }

        // "0.52": StringBuilder.Append(double) makes a string on Mono, and this runs every frame.
        private void AppendHundredths(double value)
        {
            int hundredths = (int)Math.Round(Math.Max(0, Math.Min(1, value)) * 100);
            text.Append((char)('0' + hundredths / 100)).Append('.')
                .Append((char)('0' + hundredths / 10 % 10)).Append((char)('0' + hundredths % 10));
        }

        private void AppendName(Dictionary<uint, string> names, string kind, uint id)
        {
            string name;
            if (names.TryGetValue(id, out name))
            {
                text.Append(name);
                return;
            }
            text.Append(kind);
            uint divisor = 1;
            while (id / divisor >= 10)
            {
                divisor *= 10;
            }
            for (; divisor > 0; divisor /= 10)
            {
                text.Append((char)('0' + id / divisor % 10));
            }
        }
    }
}
