import type { Nlu, NluResult } from "../brain/nlu/types.js";

/** Stands in while the embedded NLU is unavailable: it recognizes nothing, honestly. */
export const NULL_NLU: Nlu = {
  parse: (text: string): NluResult => ({ text, kind: "unknown", confidence: 0 }),
};
