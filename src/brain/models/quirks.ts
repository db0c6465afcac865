/**
 * Ollama reports a failure that happens mid-answer — most often a tool call it could not
 * parse — as one more NDJSON line, `{"error": "…"}`, on a 200 stream. Its AI SDK provider
 * skips lines it does not recognise, so the answer would just end short. This fetch turns
 * that line into a stream error carrying Ollama's words, which the caller can act on.
 */
export function ollamaFetch(base: typeof fetch = fetch): typeof fetch {
  return (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const response = await base(input, init);
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok || !response.body || !type.includes("ndjson")) return response;
    const decoder = new TextDecoder();
    let buffered = "";
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          buffered += decoder.decode(chunk, { stream: true });
          let newline = buffered.indexOf("\n");
          while (newline >= 0) {
            const line = buffered.slice(0, newline);
            buffered = buffered.slice(newline + 1);
            const failure = errorLine(line);
            if (failure) {
              controller.error(new Error(`Ollama: ${failure}`));
              return;
            }
            newline = buffered.indexOf("\n");
          }
          controller.enqueue(chunk);
        },
        flush(controller) {
          const failure = errorLine(buffered);
          if (failure) controller.error(new Error(`Ollama: ${failure}`));
        },
      }),
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }) as typeof fetch;
}

function errorLine(line: string): string | undefined {
  if (!line.trim().startsWith('{"error"')) return undefined;
  try {
    const parsed = JSON.parse(line) as { error?: unknown; message?: unknown };
    return typeof parsed.error === "string" && parsed.message === undefined ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}
