import type * as ort from "onnxruntime-node";

/** A float output of a model run, by name; a missing output is a model mismatch, not a zero. */
export function floatOutput(
  outputs: ort.InferenceSession.OnnxValueMapType,
  name: string | undefined,
): Float32Array {
  const tensor = name === undefined ? undefined : outputs[name];
  if (!tensor)
    throw new Error(`model output "${name}" missing (outputs: ${Object.keys(outputs).join(", ")})`);
  return tensor.data as Float32Array;
}
