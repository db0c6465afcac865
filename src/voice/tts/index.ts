export { type EspeakOptions, EspeakTts } from "./espeak.js";
export { type OpenAiSpeechOptions, OpenAiTts } from "./openai.js";
export { PiperTts } from "./piper.js";
export { SentenceSplitter, speakable } from "./sentences.js";
export type { TextToSpeech } from "./types.js";
