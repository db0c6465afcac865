/**
 * Text decoding the way browsers do it: a byte-order mark wins, then the Content-Type charset,
 * then (for HTML and XML) a `<meta charset>` / `http-equiv` / XML declaration in the first
 * 1024 bytes, then UTF-8. Unknown labels fall back to UTF-8 instead of failing.
 */
export function detectCharset(body: Uint8Array, contentType: string | undefined, mediaType: string): string {
  const bom = bomCharset(body);
  if (bom) return bom;
  const fromHeader = charsetParameter(contentType);
  if (fromHeader && isKnown(fromHeader)) return normalizeLabel(fromHeader);
  if (mediaType.includes("html") || mediaType.includes("xml")) {
    const fromMarkup = sniffMarkup(body);
    // A page cannot declare itself UTF-16 in ASCII-compatible bytes (HTML spec: use UTF-8).
    if (fromMarkup && isKnown(fromMarkup)) {
      const label = normalizeLabel(fromMarkup);
      return label.startsWith("utf-16") ? "utf-8" : label;
    }
  }
  return "utf-8";
}

export function decodeText(body: Uint8Array, contentType: string | undefined, mediaType: string): string {
  const charset = detectCharset(body, contentType, mediaType);
  return new TextDecoder(charset, { fatal: false, ignoreBOM: false }).decode(body);
}

function bomCharset(body: Uint8Array): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return "utf-8";
  if (body[0] === 0xfe && body[1] === 0xff) return "utf-16be";
  if (body[0] === 0xff && body[1] === 0xfe) return "utf-16le";
  return undefined;
}

export function charsetParameter(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const match = /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType);
  return match?.[2]?.toLowerCase();
}

function sniffMarkup(body: Uint8Array): string | undefined {
  const head = Buffer.from(body.subarray(0, 1024)).toString("latin1");
  const xml = /^<\?xml[^>]*\sencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return xml[1]!.toLowerCase();
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?([^"'\s/>;]+)/i.exec(tag);
    if (direct && !/http-equiv/i.test(tag)) return direct[1]!.toLowerCase();
    if (/http-equiv\s*=\s*["']?content-type/i.test(tag)) {
      const content = /\bcontent\s*=\s*(["'])(.*?)\1/i.exec(tag)?.[2];
      const charset = charsetParameter(content ? `x;${content.replace(/^[^;]*;/, "")}` : undefined);
      if (charset) return charset;
    }
  }
  return undefined;
}

function normalizeLabel(label: string): string {
  return label === "x-user-defined" ? "windows-1252" : label;
}

function isKnown(label: string): boolean {
  try {
    new TextDecoder(normalizeLabel(label));
    return true;
  } catch {
    return false;
  }
}
