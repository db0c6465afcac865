import { describe, expect, it } from "vitest";
import { detectCharset } from "./charset.js";
import { coerceUrl, normalizeUrl, OpenedUrls } from "./url.js";

describe("URLs", () => {
  it("adds a scheme the way a user means it", () => {
    expect(coerceUrl("mit.edu")?.href).toBe("https://mit.edu/");
    expect(coerceUrl("localhost:8080/x")?.href).toBe("http://localhost:8080/x");
    expect(coerceUrl("127.0.0.1:3000")?.href).toBe("http://127.0.0.1:3000/");
    expect(coerceUrl("HTTP://Example.COM/a")?.href).toBe("http://example.com/a");
    expect(coerceUrl("not a url")).toBeUndefined();
  });

  it("normalizes for duplicate detection (seed 004)", () => {
    const same = [
      "mit.edu",
      "https://mit.edu",
      "http://www.mit.edu/",
      "https://MIT.edu:443/#top",
      "https://mit.edu/?utm_source=x",
    ];
    expect(new Set(same.map(normalizeUrl)).size).toBe(1);
    expect(normalizeUrl("https://a.example/p?b=2&a=1")).toBe(normalizeUrl("https://a.example/p?a=1&b=2"));
    expect(normalizeUrl("https://a.example/p?id=1")).not.toBe(normalizeUrl("https://a.example/p?id=2"));
  });

  it("remembers opens per session and counts repeats", () => {
    const opened = new OpenedUrls();
    expect(opened.record("s1", "https://mit.edu/", "web_fetch", 1)).toBeUndefined();
    expect(opened.record("s2", "https://mit.edu/", "web_fetch", 2)).toBeUndefined();
    expect(opened.record("s1", "mit.edu", "browser_navigate", 3)).toMatchObject({
      tool: "web_fetch",
      count: 1,
    });
    expect(opened.record("s1", "http://www.mit.edu", "browser_navigate", 4)).toMatchObject({ count: 2 });
  });
});

describe("charset detection", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it("prefers BOM, then header, then meta, then utf-8", () => {
    expect(
      detectCharset(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), "text/html; charset=iso-8859-1", "text/html"),
    ).toBe("utf-8");
    expect(
      detectCharset(bytes("<meta charset=shift_jis>"), 'text/html; charset="windows-1251"', "text/html"),
    ).toBe("windows-1251");
    expect(detectCharset(bytes('<html><head><meta charset="Shift_JIS">'), "text/html", "text/html")).toBe(
      "shift_jis",
    );
    expect(
      detectCharset(
        bytes('<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">'),
        undefined,
        "text/html",
      ),
    ).toBe("koi8-r");
    expect(
      detectCharset(bytes('<?xml version="1.0" encoding="ISO-8859-2"?>'), undefined, "application/xhtml+xml"),
    ).toBe("iso-8859-2");
    expect(
      detectCharset(bytes("<meta charset=bogus-charset>"), "text/html; charset=nonsense", "text/html"),
    ).toBe("utf-8");
    expect(detectCharset(bytes("<meta charset=utf-16>"), undefined, "text/html")).toBe("utf-8");
  });
});
