/**
 * Writes a tiny but real ONNX model (protobuf by hand) for tests of the ONNX embedder:
 * `last_hidden_state = Gather(table, input_ids)`, with `attention_mask` and `token_type_ids`
 * declared as inputs like a BERT export. No weights are downloaded; the table is given.
 */
export function tinyEmbeddingModel(table: number[][]): Uint8Array {
  const vocab = table.length;
  const dim = table[0]?.length ?? 0;
  const floats = new Float32Array(table.flat());
  const tensor = message([
    ...[vocab, dim].map((d) => varintField(1, d)),
    varintField(2, 1), // FLOAT
    bytesField(8, utf8("table")),
    bytesField(9, new Uint8Array(floats.buffer)),
  ]);
  const node = message([
    bytesField(1, utf8("table")),
    bytesField(1, utf8("input_ids")),
    bytesField(2, utf8("last_hidden_state")),
    bytesField(3, utf8("gather")),
    bytesField(4, utf8("Gather")),
  ]);
  const graph = message([
    bytesField(1, node),
    bytesField(2, utf8("tiny")),
    bytesField(5, tensor),
    bytesField(11, valueInfo("input_ids", 7, ["batch", "sequence"])),
    bytesField(11, valueInfo("attention_mask", 7, ["batch", "sequence"])),
    bytesField(11, valueInfo("token_type_ids", 7, ["batch", "sequence"])),
    bytesField(12, valueInfo("last_hidden_state", 1, ["batch", "sequence", dim])),
  ]);
  return message([
    varintField(1, 8), // IR version 8
    bytesField(2, utf8("jarvis-test")),
    bytesField(7, graph),
    bytesField(8, message([bytesField(1, utf8("")), varintField(2, 13)])),
  ]);
}

function valueInfo(name: string, elemType: number, shape: Array<string | number>): Uint8Array {
  const dims = shape.map((d) =>
    bytesField(1, message([typeof d === "number" ? varintField(1, d) : bytesField(2, utf8(d))])),
  );
  const tensorType = message([varintField(1, elemType), bytesField(2, message(dims))]);
  return message([bytesField(1, utf8(name)), bytesField(2, message([bytesField(1, tensorType)]))]);
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}

function varintField(field: number, value: number): Uint8Array {
  return Uint8Array.from([...varint(field << 3), ...varint(value)]);
}

function bytesField(field: number, bytes: Uint8Array): Uint8Array {
  return Uint8Array.from([...varint((field << 3) | 2), ...varint(bytes.length), ...bytes]);
}

function message(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
