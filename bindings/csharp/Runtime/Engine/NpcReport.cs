using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Motive
{
    /// <summary>Which decision system drives an NPC, as <see cref="NpcReport"/> found out.</summary>
    public enum NpcBrain
    {
        /// <summary>None the report recognises (an NPC without a brain).</summary>
        Unknown,
        /// <summary>Drives and utility-driven GOAP.</summary>
        Udgoap,
        /// <summary>Goal-oriented action planning over GOAP goals.</summary>
        Goap,
        /// <summary>Hinted behaviour trees.</summary>
        BehaviourTree,
        /// <summary>Utility-based control over predefined plans.</summary>
        Ubc,
    }

    /// <summary>One line of an <see cref="NpcReport"/> section: a label, its value as text and as a number.</summary>
    public struct ReportRow
    {
        /// <summary>What the row is about: a drive, goal, action or candidate, by name.</summary>
        public string Label;

        /// <summary>The value as shown ("0.52", "bath", "relevance 1.00").</summary>
        public string Value;

        /// <summary>The value as a number (satisfaction, utility, relevance); NaN for none.</summary>
        public double Number;

        /// <summary>Nesting, for trees of candidates: 0 at the top.</summary>
        public int Depth;

        /// <summary>The row the NPC acts on: the chosen candidate and its ancestors, the pursued goal, the running step.</summary>
        public bool Highlight;

        /// <summary>A row.</summary>
        public ReportRow(string label, string value, double number, int depth = 0, bool highlight = false)
        {
            Label = label;
            Value = value;
            Number = number;
            Depth = depth;
            Highlight = highlight;
        }

        /// <summary>"label: value".</summary>
        public override string ToString()
        {
            return Label + ": " + Value;
        }
    }

    /// <summary>
    /// What one NPC thinks, as rows with names, built from the wrapper's queries: its running
    /// action, drives with their satisfaction, goals, the rest of its plan (actions and targets)
    /// and its last decision (UDGOAP: the candidates with their utilities and the drives the
    /// chosen one promises; GOAP: the goal pursued and the plan's cost, the goals' relevances
    /// in <see cref="Goals"/>; behaviour trees: each layer's tree and running path; UBC: each
    /// plan's rating). The NPC inspector window draws it; it works without any engine. Names
    /// come from a <see cref="NameTable"/> and the engine's entity names.
    /// </summary>
    public sealed class NpcReport
    {
        private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;
        private readonly NameTable names;
        private readonly Func<Entity, string> entityName;
        private readonly Dictionary<Npc, NpcBrain> brains = new Dictionary<Npc, NpcBrain>();
        private readonly List<ReportRow> drives = new List<ReportRow>();
        private readonly List<ReportRow> goals = new List<ReportRow>();
        private readonly List<ReportRow> plan = new List<ReportRow>();
        private readonly List<ReportRow> decision = new List<ReportRow>();
        private readonly List<ReportRow> outcome = new List<ReportRow>();
        private readonly List<uint> driveIds = new List<uint>();

        /// <summary>
        /// A report naming definitions with <paramref name="names"/> and entities with
        /// <paramref name="entityName"/> (null: their handles).
        /// </summary>
        public NpcReport(NameTable names, Func<Entity, string> entityName = null)
        {
            if (names == null)
            {
                throw new ArgumentNullException("names");
            }
            this.names = names;
            this.entityName = entityName;
            Doing = "";
            Summary = "";
        }

        /// <summary>The NPC last built.</summary>
        public Npc Npc { get; private set; }

        /// <summary>The NPC's decision system.</summary>
        public NpcBrain Brain { get; private set; }

        /// <summary>The running action, "goto → bath (2.0 s)", or "idle".</summary>
        public string Doing { get; private set; }

        /// <summary>One line about the last decision ("UDGOAP: Found, 15 candidates, …").</summary>
        public string Summary { get; private set; }

        /// <summary>The drives: name, satisfaction in [0, 1] at the NPC's last think.</summary>
        public IReadOnlyList<ReportRow> Drives { get { return drives; } }

        /// <summary>UDGOAP goals with their completeness, or GOAP goals with their relevance; the pursued one highlighted.</summary>
        public IReadOnlyList<ReportRow> Goals { get { return goals; } }

        /// <summary>The steps left of the plan, the running one first: action name, target name.</summary>
        public IReadOnlyList<ReportRow> Plan { get { return plan; } }

        /// <summary>The last decision, row by row (see the class summary).</summary>
        public IReadOnlyList<ReportRow> Decision { get { return decision; } }

        /// <summary>UDGOAP: each drive's satisfaction now and after the chosen plan, "0.10 → 0.80".</summary>
        public IReadOnlyList<ReportRow> Outcome { get { return outcome; } }

        /// <summary>The name of a brain: "UDGOAP", "GOAP", "behaviour tree", "UBC", "no brain".</summary>
        public static string BrainLabel(NpcBrain brain)
        {
            switch (brain)
            {
                case NpcBrain.Udgoap: return "UDGOAP";
                case NpcBrain.Goap: return "GOAP";
                case NpcBrain.BehaviourTree: return "behaviour tree";
                case NpcBrain.Ubc: return "UBC";
                default: return "no brain";
            }
        }

        /// <summary>Which brain decides for the NPC (<see cref="World.NpcBrain"/>).</summary>
        public static NpcBrain DetectBrain(World world, Npc npc)
        {
            switch (world.NpcBrain(npc))
            {
                case Motive.Brain.Udgoap: return NpcBrain.Udgoap;
                case Motive.Brain.Goap: return NpcBrain.Goap;
                case Motive.Brain.Ubc: return NpcBrain.Ubc;
                case Motive.Brain.Bt: return NpcBrain.BehaviourTree;
                default: return NpcBrain.Unknown;
            }
        }

        /// <summary>Reads everything about <paramref name="npc"/> from <paramref name="world"/> now.</summary>
        public void Build(World world, Npc npc)
        {
            Npc = npc;
            NpcBrain brain;
            if (!brains.TryGetValue(npc, out brain))
            {
                brain = DetectBrain(world, npc);
                brains[npc] = brain;
            }
            Brain = brain;
            drives.Clear();
            goals.Clear();
            plan.Clear();
            decision.Clear();
            outcome.Clear();
            driveIds.Clear();

            RunningAction running;
            bool isRunning = world.TryGetRunningAction(npc, out running);
            Doing = isRunning
                ? Step(running.Action, running.Target) + " (" + Format(running.Elapsed, "0.0") + " s)"
                : "idle";

            foreach (var drive in world.Drives(npc))
            {
                driveIds.Add(drive.Drive);
                drives.Add(new ReportRow(
                    names.Name(DefinitionKind.Drive, drive.Drive) + (drive.External ? " (external)" : ""),
                    Format(drive.Satisfaction, "0.00"), drive.Satisfaction));
            }

            int index = 0;
            foreach (var step in world.Plan(npc))
            {
                bool current = index == 0 && isRunning && step.Action == running.Action && step.Target == running.Target;
                plan.Add(new ReportRow(names.Name(DefinitionKind.Action, step.Action), EntityName(step.Target),
                    double.NaN, 0, current));
                index++;
            }

            switch (brain)
            {
                case NpcBrain.Udgoap:
                    BuildUdgoap(world, npc);
                    break;
                case NpcBrain.Goap:
                    BuildGoap(world, npc);
                    break;
                case NpcBrain.BehaviourTree:
                    BuildBehaviourTree(world, npc);
                    break;
                case NpcBrain.Ubc:
                    BuildUbc(world, npc);
                    break;
                default:
                    Summary = BrainLabel(brain);
                    break;
            }
        }

        /// <summary>The whole report as text, one row a line, sections headed; for logs and tests.</summary>
        public string ToText()
        {
            var text = new StringBuilder();
            text.Append(EntityName(Npc.Entity)).Append(" (").Append(BrainLabel(Brain)).Append("): ").Append(Doing).Append('\n');
            text.Append(Summary).Append('\n');
            Section(text, "drives", drives);
            Section(text, "goals", goals);
            Section(text, "plan", plan);
            Section(text, "decision", decision);
            Section(text, "outcome", outcome);
            return text.ToString();
        }

        private void BuildUdgoap(World world, Npc npc)
        {
            CurrentGoal current;
            bool hasGoal = world.TryGetCurrentGoal(npc, out current);
            foreach (var goal in world.Goals(npc))
            {
                string label = names.Name(DefinitionKind.Goal, goal.Goal);
                if (goal.DriveIndex < driveIds.Count)
                {
                    label += " [" + names.Name(DefinitionKind.Drive, driveIds[(int)goal.DriveIndex]) + "]";
                }
                if (!goal.Subject.IsNull)
                {
                    label += " of " + EntityName(goal.Subject);
                }
                bool pursued = hasGoal && current.Goal == goal.Goal && current.Subject == goal.Subject;
                string value = Format(goal.Completeness, "0.00");
                if (pursued)
                {
                    value += ", pursued: " + Format(current.Before, "0.00") + " → " + Format(current.After, "0.00");
                }
                goals.Add(new ReportRow(label, value, goal.Completeness, 0, pursued));
            }

            var explanation = world.Explain(npc);
            var candidates = world.ExplainCandidates(npc).ToArray();
            uint chosen = explanation.Chosen;
            string chosenStep = chosen < candidates.Length ? Step(candidates[chosen].Action, candidates[chosen].Target) : "nothing";
            Summary = "UDGOAP: " + explanation.Result + " at " + Format(explanation.Time, "0.00") + " s, " +
                      explanation.CandidateCount + " candidates, " + explanation.Expanded + " expanded; chose " +
                      chosenStep + (chosen < candidates.Length ? " (utility " + Format(candidates[chosen].Utility, "0.000") + ")" : "");

            // The candidates as a tree (children after their parent, best first), the chosen
            // one and its ancestors highlighted.
            var onPath = new HashSet<uint>();
            for (uint at = chosen; at < candidates.Length && onPath.Add(at); at = candidates[at].Parent)
            {
            }
            var children = new Dictionary<uint, List<int>>();
            var roots = new List<int>();
            for (int i = 0; i < candidates.Length; i++)
            {
                uint parent = candidates[i].Parent;
                if (parent == Constants.NoId || parent >= candidates.Length)
                {
                    roots.Add(i);
                    continue;
                }
                List<int> list;
                if (!children.TryGetValue(parent, out list))
                {
                    children[parent] = list = new List<int>();
                }
                list.Add(i);
            }
            Comparison<int> best = (a, b) => candidates[b].Utility.CompareTo(candidates[a].Utility);
            var stack = new Stack<int>();
            roots.Sort(best);
            for (int i = roots.Count - 1; i >= 0; i--)
            {
                stack.Push(roots[i]);
            }
            while (stack.Count > 0)
            {
                int i = stack.Pop();
                var c = candidates[i];
                string label = c.Action == Constants.NoId ? "(now)" : Step(c.Action, c.Target);
                string value = Format(c.Utility, "0.000");
                if (c.Complete)
                {
                    value += " complete";
                }
                if (c.Truncated)
                {
                    value += " truncated";
                }
                if (i == chosen)
                {
                    value += " ← chosen";
                }
                decision.Add(new ReportRow(label, value, c.Utility, (int)c.Depth, onPath.Contains((uint)i)));
                List<int> kids;
                if (children.TryGetValue((uint)i, out kids))
                {
                    kids.Sort(best);
                    for (int k = kids.Count - 1; k >= 0; k--)
                    {
                        stack.Push(kids[k]);
                    }
                }
            }

            // What the chosen plan promises each drive.
            var satisfactions = world.ExplainSatisfactions(npc);
            int count = (int)explanation.DriveCount;
            if (chosen < candidates.Length && count > 0 && (chosen + 1) * count <= satisfactions.Count)
            {
                for (int d = 0; d < count; d++)
                {
                    double now = d < drives.Count ? drives[d].Number : double.NaN;
                    double after = satisfactions[(int)chosen * count + d];
                    string label = d < driveIds.Count ? names.Name(DefinitionKind.Drive, driveIds[d]) : "drive #" + d;
                    outcome.Add(new ReportRow(label, Format(now, "0.00") + " → " + Format(after, "0.00"), after, 0, after > now));
                }
            }
        }

        private void BuildGoap(World world, Npc npc)
        {
            var made = world.GoapDecision(npc);
            foreach (var goal in world.GoapGoals(npc))
            {
                string value = "relevance " + Format(goal.Relevance, "0.00");
                if (goal.Bias != 0)
                {
                    value += " (bias " + (goal.Bias > 0 ? "+" : "") + Format(goal.Bias, "0.00") + ")";
                }
                if (goal.Satisfied)
                {
                    value += ", satisfied";
                }
                goals.Add(new ReportRow(names.Name(DefinitionKind.GoapGoal, goal.Goal), value, goal.Relevance, 0, goal.Goal == made.Goal));
            }
            string result = ((SearchResult)made.Result).ToString();
            Summary = "GOAP: " + (made.Goal == Constants.NoId ? "no goal had a plan" : "pursues " + names.Name(DefinitionKind.GoapGoal, made.Goal)) +
                      ", " + result + ", plan cost " + Format(made.Cost, "0.00") + ", " + made.Tried + " goals tried" +
                      (made.Fallback ? ", fallback action" : "") + (made.Queued ? ", replanning queued" : "");
            decision.Add(new ReportRow("goal", names.Name(DefinitionKind.GoapGoal, made.Goal), double.NaN, 0, true));
            decision.Add(new ReportRow("search", result + ", " + made.Expanded + " expanded, " + made.Generated + " generated", made.Expanded));
            decision.Add(new ReportRow("plan cost", Format(made.Cost, "0.00"), made.Cost));
            decision.Add(new ReportRow("goals tried", made.Tried.ToString(Invariant), made.Tried));
            if (made.Fallback)
            {
                decision.Add(new ReportRow("fallback", "no goal had a plan: the archetype's fallback action", double.NaN));
            }
            if (made.Queued)
            {
                decision.Add(new ReportRow("queued", "a plan request waits in the world's planning queue", double.NaN));
            }
            decision.Add(new ReportRow("decided at", Format(made.Time, "0.00") + " s", made.Time));
        }

        private void BuildBehaviourTree(World world, Npc npc)
        {
            var layers = world.BehaviourLayers(npc).ToArray();
            Summary = "behaviour tree: " + layers.Length + (layers.Length == 1 ? " layer" : " layers") +
                      (layers.Length > 0 ? ", top " + names.Name(DefinitionKind.BtTree, layers[0]) : "");
            for (int level = 0; level < layers.Length; level++)
            {
                var path = new StringBuilder();
                foreach (var node in world.BehaviourRunning(npc, (uint)level))
                {
                    if (path.Length > 0)
                    {
                        path.Append(" › ");
                    }
                    path.Append(node.ToString(Invariant));
                }
                decision.Add(new ReportRow("layer " + level + ": " + names.Name(DefinitionKind.BtTree, layers[level]),
                    path.Length > 0 ? "running nodes " + path : "not running", level, 0, level == 0));
            }
        }

        private void BuildUbc(World world, Npc npc)
        {
            var made = world.UbcDecision(npc);
            Summary = "UBC: " + names.Name(DefinitionKind.UbcPlan, made.Plan) + " on " + EntityName(made.Target) +
                      ", gain " + Format(made.Gain, "0.000") + (made.Fallback ? ", fallback" : "");
            foreach (var rating in world.UbcRatings(npc))
            {
                bool chosen = rating.Plan == made.Plan && rating.Target == made.Target;
                decision.Add(new ReportRow(names.Name(DefinitionKind.UbcPlan, rating.Plan) + " → " + EntityName(rating.Target),
                    Format(rating.Gain, "0.000") + (rating.Usable ? "" : " unusable"), rating.Gain, 0, chosen));
            }
        }

        private string Step(uint action, Entity target)
        {
            string name = names.Name(DefinitionKind.Action, action);
            return target.IsNull ? name : name + " → " + EntityName(target);
        }

        private string EntityName(Entity entity)
        {
            if (entity.IsNull)
            {
                return "none";
            }
            return entityName != null ? entityName(entity) : entity.ToString();
        }

        private static string Format(double value, string format)
        {
            return double.IsNaN(value) ? "?" : value.ToString(format, Invariant);
        }

        private static void Section(StringBuilder text, string title, List<ReportRow> rows)
        {
            if (rows.Count == 0)
            {
                return;
            }
            text.Append(title).Append(":\n");
            foreach (var row in rows)
            {
                text.Append(' ', 2 + 2 * row.Depth).Append(row.Highlight ? "* " : "").Append(row.Label)
                    .Append(": ").Append(row.Value).Append('\n');
            }
        }
    }
}
