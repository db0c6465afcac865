import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import TurndownService from "turndown";

/** Turns a link into what the markdown shows instead of the raw URL (a `#u` handle), or undefined to drop it. */
export type LinkMinter = (absoluteUrl: string, text: string) => string | undefined;

export interface ReadableOptions {
  /** URL the HTML came from; relative links resolve against it. */
  baseUrl: string;
  mintLink?: LinkMinter;
  /** Links beyond this many keep their text but lose their target (bounds handles and tokens). */
  maxLinks?: number;
}

export interface ReadablePage {
  title: string;
  byline?: string;
  markdown: string;
  /** Whether Readability found an article (false: the whole body was converted). */
  article: boolean;
  links: number;
}

const DROP = ["script", "style", "noscript", "template", "iframe", "object", "embed", "svg", "canvas"];

/**
 * Readable markdown of a page: Readability picks the main content (linkedom is the DOM),
 * turndown writes markdown. Links become handles through `mintLink` so the model never has
 * to copy a URL; images become their alt text.
 */
export function htmlToMarkdown(html: string, options: ReadableOptions): ReadablePage {
  const { document } = parseHTML(html);
  const title = (document.querySelector("title")?.textContent ?? "").trim().replace(/\s+/g, " ");
  let contentHtml: string | undefined;
  let byline: string | undefined;
  try {
    // Readability mutates the document it reads, so it gets its own parse.
    const article = new Readability(parseHTML(html).document as unknown as Document, {
      charThreshold: 200,
    }).parse();
    if (article?.content && (article.textContent ?? "").trim().length >= 200) {
      contentHtml = article.content;
      byline = article.byline?.trim() || undefined;
    }
  } catch {
    // a page Readability cannot handle falls back to its body
  }
  const isArticle = contentHtml !== undefined;
  if (!contentHtml) {
    for (const element of document.querySelectorAll(DROP.join(","))) element.remove();
    contentHtml = document.body?.innerHTML ?? html;
  }
  const { markdown, links } = toMarkdown(contentHtml, options);
  return { title, ...(byline ? { byline } : {}), markdown, article: isArticle, links };
}

function toMarkdown(contentHtml: string, options: ReadableOptions): { markdown: string; links: number } {
  const { document } = parseHTML(
    `<!doctype html><html><body><div id="jarvis-root">${contentHtml}</div></body></html>`,
  );
  const root = document.getElementById("jarvis-root");
  for (const element of root?.querySelectorAll(DROP.join(",")) ?? []) element.remove();
  const maxLinks = options.maxLinks ?? 100;
  let links = 0;
  const turndown = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "_",
  });
  turndown.addRule("images", {
    filter: "img",
    replacement: (_content, node) => {
      const alt = ((node as HTMLElement).getAttribute("alt") ?? "").trim();
      return alt ? `[image: ${alt}]` : "";
    },
  });
  turndown.addRule("links", {
    filter: (node) => node.nodeName === "A" && Boolean((node as HTMLElement).getAttribute("href")),
    replacement: (content, node) => {
      const text = content.trim().replace(/\s+/g, " ");
      if (!text) return "";
      const href = (node as HTMLElement).getAttribute("href") ?? "";
      let absolute: string;
      try {
        absolute = new URL(href, options.baseUrl).href;
      } catch {
        return text;
      }
      if (!/^https?:/i.test(absolute) || links >= maxLinks || !options.mintLink) return text;
      const target = options.mintLink(absolute, text);
      if (!target) return text;
      links += 1;
      return `[${text}](${target})`;
    },
  });
  const markdown = root ? turndown.turndown(root as unknown as HTMLElement) : "";
  return { markdown: tidy(markdown), links };
}

/** Collapses runs of blank lines and trailing spaces that converted layouts leave behind. */
function tidy(markdown: string): string {
  return markdown
    .split("\n")
    .map((line) => line.replace(/\s+$/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
