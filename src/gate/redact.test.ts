import { describe, expect, it } from "vitest";
import { redact, redactText } from "./redact.js";

describe("redaction", () => {
  it("hides secrets stated in prose, keeping the words around them", () => {
    expect(redactText("Hi Bob, my password is teal-fjord-0093, see you")).toBe(
      "Hi Bob, my password is [redacted], see you",
    );
    expect(redactText("PIN: 4821 and api key = 'k-77aa99'")).toBe(
      "PIN: [redacted] and api key = '[redacted]'",
    );
    expect(redact({ body: "the token ghp_Qm8vXw2LrT5yNc0KpZ4sJd7HfB1gAe6UoIa3 expires" })).toEqual({
      body: "the token [redacted] expires",
    });
  });

  it("hides values under secret-looking keys whatever they look like", () => {
    expect(redact({ user: "ada", password: "x", nested: { api_key: 1 } })).toEqual({
      user: "ada",
      password: "[redacted]",
      nested: { api_key: "[redacted]" },
    });
  });
});
