export { buildGrammar, dictionaryWords, type Grammar, type GrammarInput, parseTemplate } from "./grammar.js";
export { OpenAiStt, type OpenAiTranscriptionOptions } from "./openai.js";
export { COMMAND_TEMPLATES, DIALOG_TEMPLATES, SLOT_VALUES } from "./phrases.js";
export { POCKETSPHINX_MODEL, type PocketsphinxOptions, PocketsphinxStt } from "./pocketsphinx.js";
export { type ListenMode, type SpeechToText, type SttSession, type Transcript, transcribe } from "./types.js";
