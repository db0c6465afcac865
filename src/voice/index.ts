export { defaultMicrophone, defaultSpeaker } from "./audio/devices.js";
export {
  type AudioSink,
  type AudioSource,
  ClipSource,
  PushSource,
  RecordingSink,
  Reframer,
} from "./audio/io.js";
export {
  CHUNK_SAMPLES,
  decodeWav,
  encodeWav,
  FRAME_MS,
  FRAME_SAMPLES,
  type PcmAudio,
  resample,
  SAMPLE_RATE,
  toFrames,
} from "./audio/wav.js";
export { BargeInDetector, type BargeInThresholds } from "./barge.js";
export { confirmationQuestion } from "./confirm.js";
export { wakeEarcon } from "./earcon.js";
export {
  inspectModels,
  locateModels,
  packagedModelsDir,
  type VoiceModelFiles,
  WAKE_MODEL_LICENCE,
} from "./models.js";
export { OnsetDetector } from "./onset.js";
export { VoicePipeline } from "./pipeline.js";
export type { BargeInInput, VadInput, VoicePipelineOptions, WakeWordInput } from "./pipeline-types.js";
export {
  createVoiceSession,
  type VoiceRuntime,
  type VoiceSession,
  type VoiceSessionOptions,
} from "./session.js";
export {
  catalogTemplates,
  createBargeIn,
  createDetector,
  createStt,
  createTts,
  loadVadModel,
  loadVoiceModels,
  type VoiceModels,
  voiceSettings,
  voiceWorkDir,
} from "./setup.js";
export { SpeechOutput } from "./speech-output.js";
export * from "./stt/index.js";
export * from "./tts/index.js";
export {
  type AgentTurn,
  agentTurnHandler,
  type DialogAnswer,
  type DialogClassifier,
  keywordDialogClassifier,
  nluDialogClassifier,
  type TurnChunk,
  type TurnHandler,
  type TurnRequest,
} from "./turn.js";
export {
  type BargeInMode,
  DEFAULT_VOICE_SETTINGS,
  type VoiceEvent,
  type VoiceSettings,
  type VoiceState,
} from "./types.js";
export { SileroVadModel, SpeechSegmenter, VadStream, WindowedVad } from "./vad.js";
export {
  vadGate,
  type WakeDecision,
  WakeWordDetector,
  WakeWordModel,
  WakeWordStream,
  wakeDetected,
} from "./wakeword.js";
