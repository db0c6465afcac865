export { EspeakTts, type EspeakOptions } from "./espeak.js";
export { OpenAiTts, type OpenAiSpeechOptions } from "./openai.js";
export { PiperTts } from "./piper.js";
export { SentenceSplitter, speakable } from "./sentences.js";
export type { TextToSpeech } from "./types.js";
