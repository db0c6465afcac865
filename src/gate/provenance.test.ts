import { describe, expect, it } from "vitest";
import { MemoryHandleStore } from "../core/handles.js";
import type { ProvenanceKind } from "../core/tool.js";
import { resolveProvenance } from "./provenance.js";

// Where a world-pointing value came from is decided by equality of whole values, never by a
// substring: the red team's bypasses are the first cases here.

function originOf(kind: ProvenanceKind, value: string, said: string[], handles = new MemoryHandleStore()) {
  const { findings } = resolveProvenance({ v: value }, [{ key: "v", provenance: kind, isArray: false }], {
    userText: said,
    configValues: ["https://config.example/feed"],
    handles,
  });
  return findings[0]?.origin;
}

describe("provenance by equality", () => {
  it("a URL the user gave vouches for that URL only, not its host with another path or query", () => {
    const said = ["summarise http://host.example/page for me"];
    expect(originOf("url", "http://host.example/page", said)).toBe("user");
    expect(originOf("url", "HTTP://HOST.example/page/", said)).toBe("user");
    expect(originOf("url", "http://host.example/c?d=s3cr3t", said)).toBe("unknown");
    expect(originOf("url", "http://host.example/page?d=s3cr3t", said)).toBe("unknown");
    expect(originOf("url", "http://host.example/page#s3cr3t", said)).toBe("unknown");
    expect(originOf("url", "http://host.example.evil.example/page", said)).toBe("unknown");
  });

  it("a bare host the user typed vouches for its root page only", () => {
    const said = ["open docs.example-corp.com please"];
    expect(originOf("url", "https://docs.example-corp.com", said)).toBe("user");
    expect(originOf("url", "https://docs.example-corp.com/", said)).toBe("user");
    expect(originOf("url", "https://le-corp.com/", said)).toBe("unknown");
    expect(originOf("url", "https://docs.example-corp.com/x?q=1", said)).toBe("unknown");
    expect(originOf("url", "https://www.example.com/", ["go to example.com"])).toBe("user");
    expect(originOf("url", "https://evil.example.com/", ["go to example.com"])).toBe("unknown");
  });

  it("an address counts only when equal", () => {
    const said = ["mail bob@corp.example.com the notes"];
    expect(originOf("email", "bob@corp.example.com", said)).toBe("user");
    expect(originOf("email", "BOB@corp.example.com", said)).toBe("user");
    expect(originOf("email", "bob@corp.example.co", said)).toBe("unknown");
    expect(originOf("email", "ob@corp.example.com", said)).toBe("unknown");
  });

  it("phone numbers by their digits, paths by whole name or relative path", () => {
    expect(originOf("phone", "+49 30 1234567", ["call +49 (30) 123-4567"])).toBe("user");
    expect(originOf("phone", "+49 30 123456", ["call +49 30 1234567"])).toBe("unknown");
    const said = ["read notes.txt and Documents/plan.md"];
    expect(originOf("path", "/home/u/notes.txt", said)).toBe("user");
    expect(originOf("path", "/home/u/Documents/plan.md", said)).toBe("user");
    expect(originOf("path", "/home/u/tes.txt", said)).toBe("unknown");
    expect(originOf("path", "/home/u/Other/plan.md", said)).toBe("unknown");
  });

  it("configured values and exact links an earlier result produced", () => {
    expect(originOf("url", "https://config.example/feed", [])).toBe("config");
    expect(originOf("url", "https://config.example/feed?x=1", [])).toBe("unknown");
    const handles = new MemoryHandleStore();
    handles.mint("u", "https://news.example/story/1", { tool: "web_search", trust: "untrusted" });
    expect(originOf("url", "https://news.example/story/1", [], handles)).toBe("handle");
    expect(originOf("url", "https://news.example/story/1?ref=s3cr3t", [], handles)).toBe("unknown");
  });
});
