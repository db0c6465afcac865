import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { imageAllowed, renderMarkdown } from "../../ui/src/markdown.js";

const ORIGIN = "http://127.0.0.1:7777";
const html = (text: string, origin: string | undefined = ORIGIN) =>
  renderToStaticMarkup(createElement(Fragment, null, ...renderMarkdown(text, { origin })));

describe("markdown lists", () => {
  it("nests lists by indentation, of either kind, several levels deep", () => {
    const text = ["- fruit", "  - apples", "    1. green", "    2. red", "  - pears", "- vegetables"].join(
      "\n",
    );
    expect(html(text)).toBe(
      "<ul><li>fruit<ul><li>apples<ol><li>green</li><li>red</li></ol></li><li>pears</li></ul></li><li>vegetables</li></ul>",
    );
  });

  it("keeps a loose list (blank lines between items) as one list, and its start number", () => {
    expect(html("3. three\n\n4. four\n\n   more about four\n\nafter")).toBe(
      '<ol start="3"><li>three</li><li>four<p>more about four</p></li></ol><p>after</p>',
    );
    expect(html("1. one\n2. two")).toBe("<ol><li>one</li><li>two</li></ol>");
  });

  it("ends a list where a different one or a heading starts", () => {
    expect(html("- a\n\n1. b")).toBe("<ul><li>a</li></ul><ol><li>b</li></ol>");
    expect(html("- a\n# Title")).toBe("<ul><li>a</li></ul><h3>Title</h3>");
  });

  it("keeps a code block inside an item, blank lines included", () => {
    expect(html("1. Run:\n   ```sh\n   npm i\n\n   npm test\n   ```\n2. Done")).toBe(
      '<ol><li>Run:<pre class="code" data-lang="sh"><code>npm i\n\nnpm test</code></pre></li><li>Done</li></ol>',
    );
  });

  it("joins wrapped item text and renders inline markup in items", () => {
    expect(html("- **bold** item\n  that wraps")).toBe(
      "<ul><li><strong>bold</strong> item that wraps</li></ul>",
    );
  });
});

describe("markdown images", () => {
  const png = "data:image/png;base64,iVBORw0KGgo=";

  it("shows data: images and images from the page's own origin", () => {
    expect(html(`![a dot](${png})`)).toBe(`<p><img src="${png}" alt="a dot" loading="lazy"/></p>`);
    expect(html("![chart](/files/chart.png)")).toBe(
      '<p><img src="/files/chart.png" alt="chart" loading="lazy"/></p>',
    );
    expect(html(`![chart](${ORIGIN}/x.png)`)).toContain("<img");
  });

  it("never loads a third-party image: it becomes a link (no request, no beacon)", () => {
    const out = html("see ![pixel](https://tracker.example/p.gif?id=42) here");
    expect(out).not.toContain("<img");
    expect(out).toBe(
      '<p>see <a href="https://tracker.example/p.gif?id=42" target="_blank" rel="noopener noreferrer" class="image-link">🖼 pixel</a> here</p>',
    );
    for (const url of [
      "//tracker.example/p.gif",
      "http://127.0.0.1:7778/x.png",
      "https://127.0.0.1:7777/x.png",
      "javascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "data:image/svg+xml;base64,PHN2Zz4=",
    ]) {
      expect(imageAllowed(url, ORIGIN), url).toBe(false);
      expect(html(`![x](${url})`), url).not.toContain("<img");
    }
    expect(html("![x](javascript:alert(1))")).not.toContain("href");
  });

  it("loads nothing but data: images when the origin is unknown", () => {
    expect(imageAllowed("/x.png", undefined)).toBe(false);
    expect(imageAllowed(png, undefined)).toBe(true);
  });

  it("still renders raw HTML as text (its URL a plain link)", () => {
    const out = html('<img src="https://tracker.example/p.gif">');
    expect(out).toMatch(/^<p>&lt;img src=&quot;<a href="https:\/\/tracker\.example\/p\.gif"/);
    expect(out).not.toContain("<img");
  });
});
