export { type EmbeddingsConfig, embedderFromConfig } from "./config.js";
export { type HttpEmbedderOptions, OllamaEmbedder, OpenAICompatibleEmbedder } from "./http.js";
export { locateOnnxModel, OnnxEmbedder, type OnnxModelFiles, type Pooling, poolOutput } from "./onnx.js";
export { type Embedder, type EmbedOptions, normalize, withPrefixes } from "./types.js";
export { type Encoding, WordPieceTokenizer } from "./wordpiece.js";
