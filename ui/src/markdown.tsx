import { Fragment, type ReactNode } from "react";

/**
 * A small Markdown renderer that builds React elements only (never HTML strings), so model or
 * web text cannot inject markup: paragraphs, headings, lists (nested, loose, numbered from any
 * start), quotes, fenced code, pipe tables, inline code, bold, italic, http(s)/mailto links and
 * images. Images load only from `data:` or this page's own origin: anything else becomes a
 * link, so untrusted text cannot make the browser fetch a third party (a tracking beacon).
 */
export function Markdown({ text }: { text: string }) {
  return <div className="markdown">{renderMarkdown(text, { origin: window.location.origin })}</div>;
}

export interface MarkdownOptions {
  /** The page's origin: images from it may load. Without one only `data:` images do. */
  origin?: string;
}

const SAFE_URL = /^(https?:\/\/|mailto:)/i;
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|bmp);base64,[a-z0-9+/=\s]+$/i;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const NESTED_BLOCK = /^\s*(```|~~~|>)/;
const LIST_START = /^\s*([-*+]|\d{1,9}[.)])\s+/;

/** The elements for a Markdown text (exported for tests; the page uses `<Markdown>`). */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): ReactNode[] {
  return blocks(source, options);
}

/** Leading spaces, a tab counting as four. */
function indentOf(line: string): number {
  let width = 0;
  for (const char of line) {
    if (char === " ") width += 1;
    else if (char === "\t") width += 4;
    else break;
  }
  return width;
}

function dedent(lines: string[]): string[] {
  const min = Math.min(...lines.filter((l) => l.trim() !== "").map(indentOf));
  return lines.map((line) => {
    let cut = 0;
    let width = 0;
    while (cut < line.length && width < min && (line[cut] === " " || line[cut] === "\t")) {
      width += line[cut] === "\t" ? 4 : 1;
      cut += 1;
    }
    return line.slice(cut);
  });
}

/**
 * One list from its lines: items at the first item's indentation; deeper lines belong to the
 * item above (a nested list, or more of its text), rendered by `blocks` again.
 */
function list(lines: string[], options: MarkdownOptions, keyOf: () => number): ReactNode {
  const first = LIST_ITEM.exec(lines[0]!)!;
  const base = indentOf(lines[0]!);
  const ordered = /\d/.test(first[2]!);
  const items: Array<{ text: string[]; nested: string[] }> = [];
  let afterBlank = false; // an indented paragraph after a blank line is the item's own block
  for (const line of lines) {
    const item = LIST_ITEM.exec(line);
    const indent = indentOf(line);
    const current = items.at(-1);
    if (line.trim() === "") {
      if (current && current.nested.length > 0) current.nested.push(line);
      afterBlank = true;
      continue;
    }
    if (item && indent <= base + 1) items.push({ text: [item[3]!], nested: [] });
    else if (!current) continue;
    else if (
      indent > base + 1 &&
      (item || afterBlank || NESTED_BLOCK.test(line) || current.nested.length > 0)
    )
      current.nested.push(line);
    else current.text.push(line.trim());
    afterBlank = false;
  }
  const children = items.map((item) => (
    <li key={keyOf()}>
      {inline(item.text.join(" "), options)}
      {item.nested.length > 0 && blocks(dedent(item.nested).join("\n"), options)}
    </li>
  ));
  if (!ordered) return <ul key={keyOf()}>{children}</ul>;
  const start = Number.parseInt(first[2]!, 10);
  return (
    <ol key={keyOf()} start={start === 1 ? undefined : start}>
      {children}
    </ol>
  );
}

function blocks(source: string, options: MarkdownOptions): ReactNode[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const out: ReactNode[] = [];
  let i = 0;
  let key = 0;
  const isBlank = (line: string | undefined) => line === undefined || line.trim() === "";
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i += 1;
      continue;
    }
    const fence = /^\s*(```|~~~)\s*([\w+-]*)/.exec(line);
    if (fence) {
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) body.push(lines[i++]!);
      i += 1;
      out.push(
        <pre key={key++} className="code" data-lang={fence[2] || undefined}>
          <code>{body.join("\n")}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(heading[1]!.length + 2, 6);
      const Tag = `h${level}` as "h3";
      out.push(<Tag key={key++}>{inline(heading[2]!, options)}</Tag>);
      i += 1;
      continue;
    }
    if (/^\s*>/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i]!)) body.push(lines[i++]!.replace(/^\s*>\s?/, ""));
      out.push(<blockquote key={key++}>{blocks(body.join("\n"), options)}</blockquote>);
      continue;
    }
    if (LIST_START.test(line)) {
      // The list goes on past blank lines while what follows is another item or indented.
      const body: string[] = [];
      const base = indentOf(line);
      while (i < lines.length) {
        const current = lines[i]!;
        if (isBlank(current)) {
          let next = i + 1;
          while (next < lines.length && isBlank(lines[next])) next += 1;
          const after = lines[next];
          const sameKind = LIST_START.test(after ?? "") && /^\s*\d/.test(after ?? "") === /^\s*\d/.test(line);
          if (after === undefined || !(sameKind || indentOf(after) > base)) break;
          body.push(""); // kept: a nested code block may hold blank lines
          i = next;
          continue;
        }
        if (body.length > 0 && indentOf(current) <= base && /^(#{1,6}\s|\s*(```|~~~)|\s*>)/.test(current))
          break;
        body.push(current);
        i += 1;
      }
      out.push(list(body, options, () => key++));
      continue;
    }
    if (line.includes("|") && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1] ?? "")) {
      const cells = (row: string) =>
        row
          .trim()
          .replace(/^\||\|$/g, "")
          .split("|")
          .map((cell) => cell.trim());
      const header = cells(line);
      i += 2;
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.includes("|") && !isBlank(lines[i])) rows.push(cells(lines[i++]!));
      out.push(
        <div key={key++} className="table-wrap">
          <table>
            <thead>
              <tr>
                {header.map((cell) => (
                  <th key={key++}>{inline(cell, options)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={key++}>
                  {row.map((cell) => (
                    <td key={key++}>{inline(cell, options)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      );
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      !isBlank(lines[i]) &&
      !/^(#{1,6}\s|\s*(```|~~~)|\s*>|\s*([-*+]|\d+[.)])\s+)/.test(lines[i]!)
    ) {
      paragraph.push(lines[i++]!);
    }
    if (paragraph.length === 0) paragraph.push(lines[i++]!);
    out.push(
      <p key={key++}>
        {paragraph.map((text, n) => (
          <Fragment key={key++}>
            {n > 0 && <br />}
            {inline(text, options)}
          </Fragment>
        ))}
      </p>,
    );
  }
  return out;
}

const INLINE =
  /(`+)([^`]+?)\1|\*\*([^*]+?)\*\*|__([^_]+?)__|\*([^*\s][^*]*?)\*|(?<![\w])_([^_\s][^_]*?)_(?![\w])|!\[([^\]]*)\]\(([^)\s]+)\)|\[([^\]]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/g;

/** Whether an image may load: a `data:` image, or a URL on the page's own origin. */
export function imageAllowed(url: string, origin: string | undefined): boolean {
  if (DATA_IMAGE.test(url)) return true;
  if (!origin) return false;
  try {
    const resolved = new URL(url, origin);
    return (resolved.protocol === "http:" || resolved.protocol === "https:") && resolved.origin === origin;
  } catch {
    return false;
  }
}

function image(alt: string, url: string, options: MarkdownOptions, key: number): ReactNode {
  if (imageAllowed(url, options.origin)) return <img key={key} src={url} alt={alt} loading="lazy" />;
  const label = `🖼 ${alt || "image"}`;
  // Not loaded: a third party would learn that (and when) this was read.
  return SAFE_URL.test(url) ? (
    <a key={key} href={url} target="_blank" rel="noopener noreferrer" className="image-link">
      {label}
    </a>
  ) : (
    `${label} (${url})`
  );
}

export function inline(text: string, options: MarkdownOptions = {}): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) out.push(text.slice(last, index));
    const [, , code, bold, bold2, italic, italic2, alt, imageUrl, linkText, linkUrl, bare] = match;
    if (code !== undefined) out.push(<code key={key++}>{code}</code>);
    else if (bold !== undefined || bold2 !== undefined)
      out.push(<strong key={key++}>{inline(bold ?? bold2!, options)}</strong>);
    else if (italic !== undefined || italic2 !== undefined)
      out.push(<em key={key++}>{inline(italic ?? italic2!, options)}</em>);
    else if (alt !== undefined && imageUrl !== undefined) out.push(image(alt, imageUrl, options, key++));
    else if (linkText !== undefined && linkUrl !== undefined) {
      out.push(
        SAFE_URL.test(linkUrl) ? (
          <a key={key++} href={linkUrl} target="_blank" rel="noopener noreferrer">
            {inline(linkText, options)}
          </a>
        ) : (
          `${linkText} (${linkUrl})`
        ),
      );
    } else if (bare !== undefined) {
      out.push(
        <a key={key++} href={bare} target="_blank" rel="noopener noreferrer">
          {bare}
        </a>,
      );
    }
    last = index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
