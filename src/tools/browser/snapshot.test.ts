import { describe, expect, it } from "vitest";
import { compactSnapshot } from "./snapshot.js";

// Recorded from Playwright 1.65 `page.ariaSnapshot({ mode: "ai" })` on Chromium 156.
const RAW = `- generic [active] [ref=e1]:
  - banner [ref=e2]:
    - navigation [ref=e3]:
      - list [ref=e4]:
        - listitem [ref=e5]:
          - link "Home" [ref=e6] [cursor=pointer]:
            - /url: /
        - listitem [ref=e7]:
          - 'link "Shop: \\"best\\" deals" [ref=e8] [cursor=pointer]':
            - /url: /shop?a=1&b=2
  - main [ref=e9]:
    - 'heading "Welcome: friend" [level=1] [ref=e10]'
    - paragraph [ref=e11]: "Text with 'quotes' and \\"double\\" and a colon: here. ${"long ".repeat(60).trim()}"
    - generic [ref=e12] [cursor=pointer]: Clickable div
    - generic [ref=e21]:
      - checkbox "Agree" [checked] [ref=e22]
      - text: Agree
      - searchbox "Search here" [ref=e23]:
        - /placeholder: Search here
      - textbox [ref=e24]: hi
      - button "Buy now" [ref=e26]
      - button "Nope" [disabled] [ref=e27]
      - link "Mail us" [ref=e30] [cursor=pointer]:
        - /url: mailto:a@example.com
    - img "A picture" [ref=e28]
    - iframe [ref=e29]:
      - button "In frame" [ref=f1e2]`;

describe("compactSnapshot", () => {
  const minted: string[] = [];
  const result = compactSnapshot(RAW, "http://shop.test:8080/start", (url) => {
    minted.push(url);
    return `#u${minted.length}`;
  });

  it("keeps refs only where one can act, drops wrappers, folds links into handles", () => {
    expect(result.text).toBe(
      [
        "- banner",
        "  - navigation",
        '    - link "Home" [e6] → #u1',
        '    - link "Shop: \\"best\\" deals" [e8] → #u2',
        "- main",
        '  - heading "Welcome: friend" [level=1]',
        `  - paragraph: Text with 'quotes' and "double" and a colon: here. ${"long ".repeat(60).slice(0, 200 - 51)}…`,
        "  - clickable [e12]: Clickable div",
        '  - checkbox "Agree" [checked] [e22]',
        "  - Agree",
        '  - searchbox "Search here" [e23] placeholder="Search here"',
        "  - textbox [e24]: hi",
        '  - button "Buy now" [e26]',
        '  - button "Nope" [disabled] [e27]',
        '  - link "Mail us" [e30]',
        '  - img "A picture"',
        "  - iframe",
        '    - button "In frame" [f1e2]',
      ].join("\n"),
    );
    expect(minted).toEqual(["http://shop.test:8080/", "http://shop.test:8080/shop?a=1&b=2"]);
    expect(result.links).toBe(2);
  });

  it("records what each ref is, for risk and previews", () => {
    expect(result.refs.get("e26")).toEqual({ role: "button", name: "Buy now" });
    expect(result.refs.get("e8")).toEqual({ role: "link", name: 'Shop: "best" deals' });
    expect(result.refs.get("f1e2")).toEqual({ role: "button", name: "In frame" });
  });

  it("is much smaller than the raw snapshot", () => {
    expect(result.text.length).toBeLessThan(RAW.length * 0.8);
  });
});
