using System.Collections.Generic;
using UnityEditor;
using UnityEngine;

namespace Motive.Unity.Editing
{
    /// <summary>
    /// Window > Motive > NPC Inspector: what one NPC of the scene's <see cref="MotiveWorld"/>
    /// thinks, live in play mode: its drives, goals, the rest of its plan and its last decision,
    /// with names. It follows the selected GameObject's <see cref="MotiveNpc"/>, or shows the NPC
    /// picked from the list of the world's NPCs. It only draws: <see cref="NpcReport"/> reads
    /// the world.
    /// </summary>
    public sealed class NpcInspectorWindow : EditorWindow
    {
        private readonly List<NpcAgent> agents = new List<NpcAgent>();
        private readonly List<string> labels = new List<string>();
        private bool followSelection = true;
        private Npc picked;
        private Vector2 scroll;
        private NpcReport report;
        private MotiveWorld reportWorld;
        private bool showDrives = true;
        private bool showGoals = true;
        private bool showPlan = true;
        private bool showDecision = true;
        private bool showOutcome = true;

        /// <summary>Opens (or focuses) the window.</summary>
        [MenuItem("Window/Motive/NPC Inspector")]
        public static void Open()
        {
            GetWindow<NpcInspectorWindow>("NPC Inspector");
        }

        private void OnSelectionChange()
        {
            Repaint();
        }

        // About ten times a second: live values in play mode.
        private void OnInspectorUpdate()
        {
            if (EditorApplication.isPlaying)
            {
                Repaint();
            }
        }

        private void OnGUI()
        {
            if (!EditorApplication.isPlaying)
            {
                EditorGUILayout.HelpBox("Enter Play mode to inspect the NPCs of the scene's MotiveWorld.", MessageType.Info);
                return;
            }
            var world = MotiveWorld.Find();
            if (world == null)
            {
                EditorGUILayout.HelpBox("There is no MotiveWorld in the scene.", MessageType.Warning);
                return;
            }
            if (!world.IsRunning)
            {
                EditorGUILayout.HelpBox(world.State == MotiveWorldState.Loading
                    ? "Loading " + world.Source + "…"
                    : "The world of " + world.Source + " is not running: see the Console.", MessageType.Warning);
                return;
            }
            if (report == null || reportWorld != world)
            {
                report = new NpcReport(world.Names, world.EntityNames.Name);
                reportWorld = world;
            }

            int index = Pick(world);
            if (index < 0)
            {
                EditorGUILayout.HelpBox("The world has no NPC yet.", MessageType.Info);
                return;
            }
            var npc = agents[index].Npc;
            try
            {
                report.Build(world.World, npc);
            }
            catch (MotiveException e)
            {
                EditorGUILayout.HelpBox(e.Message, MessageType.Error);
                return;
            }

            EditorGUILayout.Space();
            EditorGUILayout.LabelField(labels[index] + " — " + NpcReport.BrainLabel(report.Brain), EditorStyles.boldLabel);
            EditorGUILayout.LabelField("Doing", report.Doing);
            EditorGUILayout.LabelField(report.Summary, EditorStyles.wordWrappedMiniLabel);

            scroll = EditorGUILayout.BeginScrollView(scroll);
            showDrives = Section("Drives", showDrives, report.Drives, true);
            showGoals = Section(report.Brain == NpcBrain.Goap ? "Goals (relevance)" : "Goals (completeness)", showGoals, report.Goals, report.Brain == NpcBrain.Udgoap);
            showPlan = Section("Plan (action → target)", showPlan, report.Plan, false);
            showDecision = Section(DecisionTitle(report.Brain), showDecision, report.Decision, false);
            showOutcome = Section("Drives after the chosen plan", showOutcome, report.Outcome, true);
            EditorGUILayout.EndScrollView();

            if (GUILayout.Button("Copy as text"))
            {
                EditorGUIUtility.systemCopyBuffer = report.ToText();
            }
        }

        // The NPC to show: the selection's when following it, else the one picked from the list.
        private int Pick(MotiveWorld world)
        {
            agents.Clear();
            labels.Clear();
            foreach (var agent in world.Runner.Agents)
            {
                agents.Add(agent);
                labels.Add(world.EntityNames.Name(agent.Npc.Entity));
            }
            if (agents.Count == 0)
            {
                return -1;
            }
            followSelection = EditorGUILayout.ToggleLeft("Follow the selected GameObject", followSelection);
            int index = IndexOf(picked);
            if (followSelection && Selection.activeGameObject != null)
            {
                var selected = Selection.activeGameObject.GetComponentInParent<MotiveNpc>();
                if (selected != null && selected.Agent != null)
                {
                    index = IndexOf(selected.Agent.Npc);
                }
            }
            if (index < 0)
            {
                index = 0;
            }
            int chosen = EditorGUILayout.Popup("NPC", index, labels.ToArray());
            if (chosen != index)
            {
                followSelection = false;
            }
            picked = agents[chosen].Npc;
            return chosen;
        }

        private int IndexOf(Npc npc)
        {
            for (int i = 0; i < agents.Count; i++)
            {
                if (agents[i].Npc == npc)
                {
                    return i;
                }
            }
            return -1;
        }

        private static string DecisionTitle(NpcBrain brain)
        {
            switch (brain)
            {
                case NpcBrain.Udgoap: return "Last decision: candidates (utility)";
                case NpcBrain.Goap: return "Last decision: goal and plan cost";
                case NpcBrain.BehaviourTree: return "Layers (running path)";
                case NpcBrain.Ubc: return "Last decision: plans (gain)";
                default: return "Last decision";
            }
        }

        private static bool Section(string title, bool open, IReadOnlyList<ReportRow> rows, bool bars)
        {
            if (rows.Count == 0)
            {
                return open;
            }
            open = EditorGUILayout.Foldout(open, title + " (" + rows.Count + ")", true);
            if (!open)
            {
                return false;
            }
            EditorGUI.indentLevel++;
            foreach (var row in rows)
            {
                int indent = EditorGUI.indentLevel;
                EditorGUI.indentLevel += row.Depth;
                if (bars && !double.IsNaN(row.Number))
                {
                    var rect = EditorGUI.IndentedRect(GUILayoutUtility.GetRect(18, 18, GUILayout.ExpandWidth(true)));
                    EditorGUI.ProgressBar(rect, Mathf.Clamp01((float)row.Number), row.Label + "   " + row.Value);
                }
                else
                {
                    EditorGUILayout.LabelField(row.Label, row.Value, row.Highlight ? EditorStyles.boldLabel : EditorStyles.label);
                }
                EditorGUI.indentLevel = indent;
            }
            EditorGUI.indentLevel--;
            return true;
        }
    }
}
