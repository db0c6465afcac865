export {
  type AgentHarness,
  type AgentHarnessOptions,
  collect,
  createAgentHarness,
  typesOf,
} from "./agent-harness.js";
export { type CliRun, JARVIS_BIN, PROBE_BIN, REPO_ROOT, runJarvis } from "./cli.js";
export { FakeAnthropicServer } from "./fake-anthropic-server.js";
export {
  type FakeReply,
  type FakeResponder,
  type FakeScript,
  type FakeToolCall,
  type RecordedRequest,
  reply,
} from "./fake-llm-server.js";
export { FakeOllamaServer } from "./fake-ollama-server.js";
export { FakeOpenAIServer } from "./fake-openai-server.js";
export { createTempHome, type TempHome } from "./home.js";
export { type ModelHarnessKit, modelHarnessKit } from "./model-harness.js";
export { builtinToolsForNlu, createTestNlu, NLU_TEST_NOW, parseLeaning } from "./nlu.js";
export { probeLogPath, probeTools, readProbeLog } from "./probe-tools.js";
export { hasPrograms } from "./programs.js";
export { RecordingNotifier, recordingNotifySend } from "./recording-notifier.js";
export { type ScriptedCall, ScriptedModel, type ScriptedStep } from "./scripted-model.js";
export { TableNlu } from "./table-nlu.js";
