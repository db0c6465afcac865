import { describe, expect, it } from "vitest";
import type { NluContext, NluResult } from "../../src/brain/nlu/index.js";
import { configSchema } from "../../src/config/schema.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * Kinds of request the personal groups missed on fresh wording (decision 0045), in the team's
 * own sentences, with the near neighbours each kind must leave alone.
 */
const { fast_path_threshold: FAST_PATH } = configSchema.parse({}).models;
const { parse } = await createTestNlu();
const context: NluContext = { now: new Date("2026-03-02T10:00:00Z"), timezone: "UTC" };
const read = (text: string) => parse(text, context);
const acts = (result: NluResult) =>
  result.kind === "action" && !result.missing?.length && result.confidence >= FAST_PATH;

function expectAct(text: string, tool: string, args: Record<string, unknown> = {}) {
  const result = read(text);
  expect(acts(result), `${text} → ${result.kind} ${result.tool} ${result.confidence}`).toBe(true);
  expect(result).toMatchObject({ tool, args });
}

function expectNoAct(text: string, tool?: string) {
  const result = read(text);
  if (tool) expect(acts(result) && result.tool === tool, text).toBe(false);
  else expect(acts(result), `${text} → ${result.tool}`).toBe(false);
}

describe("documents of one's own", () => {
  it("searches inside one's papers, never the web, when the preposition says where", () => {
    expectAct("search within my docs for council tax band", "knowledge_search", {
      query: "council tax band",
    });
    expectAct("dig through the indexed pdfs for parking permit", "knowledge_search", {
      query: "parking permit",
    });
    expectAct("in my course pdfs what is the meaning of marginal cost", "knowledge_search");
  });

  it("leaves a file of a kind to the file search", () => {
    expectNoAct("find any pdf in my Documents with tax in the name", "knowledge_search");
  });

  it("indexes a folder said with what it is for, a path with slashes kept whole", () => {
    expectAct("index ~/Papers so i can search them", "knowledge_add", { path: "~/Papers" });
    expectAct("index Documents/Letters so you can look through it later", "knowledge_add", {
      path: "Documents/Letters",
    });
    expectAct("add ~/Work/handbook.pdf to what you can search", "knowledge_add", {
      path: "~/Work/handbook.pdf",
    });
  });

  it("summarises a kept document named by what it is, and caps the points said after the path", () => {
    expectAct("sum up the car insurance policy i indexed", "docs_summarize", {
      document: "car insurance policy",
    });
    expectAct(
      "the council letter I added to your library yesterday, tell me what it says",
      "docs_summarize",
      {
        document: "council letter",
      },
    );
    expectAct("summarize minutes/jan.docx, no more than 6 points", "docs_summarize", {
      path: "minutes/jan.docx",
      max_points: 6,
    });
  });
});

describe("files", () => {
  it("finds a file by what is written inside it", () => {
    expectAct("which document has 'flat 4b' written inside it", "files_search", {
      query: "flat 4b",
      match: "content",
    });
    expectAct("grep the projects folder for TODO", "files_search", { query: "TODO", match: "content" });
  });

  it("brings back a file trashed by mistake", () => {
    expectAct("i deleted invoice-may.pdf by accident, bring it back", "files_restore", {
      id: "invoice-may.pdf",
    });
    expectAct("put budget.xlsx back from the bin", "files_restore", { id: "budget.xlsx" });
    expectNoAct("put the kettle back on");
  });
});
