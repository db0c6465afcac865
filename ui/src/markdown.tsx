import { Fragment, type ReactNode } from "react";

/**
 * A small Markdown renderer that builds React elements only (never HTML strings), so model or
 * web text cannot inject markup: paragraphs, headings, lists, quotes, fenced code, pipe tables,
 * inline code, bold, italic and http(s)/mailto links.
 */
export function Markdown({ text }: { text: string }) {
  return <div className="markdown">{blocks(text)}</div>;
}

const SAFE_URL = /^(https?:\/\/|mailto:)/i;

function blocks(source: string): ReactNode[] {
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
      out.push(<Tag key={key++}>{inline(heading[2]!)}</Tag>);
      i += 1;
      continue;
    }
    if (/^\s*>/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i]!)) body.push(lines[i++]!.replace(/^\s*>\s?/, ""));
      out.push(<blockquote key={key++}>{blocks(body.join("\n"))}</blockquote>);
      continue;
    }
    if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      const ordered = /^\s*\d+[.)]/.test(line);
      const items: string[] = [];
      while (i < lines.length && !isBlank(lines[i])) {
        const current = lines[i]!;
        const item = /^\s*([-*+]|\d+[.)])\s+(.*)$/.exec(current);
        if (item) items.push(item[2]!);
        else if (items.length > 0) items[items.length - 1] += ` ${current.trim()}`;
        i += 1;
      }
      const children = items.map((item) => <li key={key++}>{inline(item)}</li>);
      out.push(ordered ? <ol key={key++}>{children}</ol> : <ul key={key++}>{children}</ul>);
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
                  <th key={key++}>{inline(cell)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={key++}>
                  {row.map((cell) => (
                    <td key={key++}>{inline(cell)}</td>
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
            {inline(text)}
          </Fragment>
        ))}
      </p>,
    );
  }
  return out;
}

const INLINE =
  /(`+)([^`]+?)\1|\*\*([^*]+?)\*\*|__([^_]+?)__|\*([^*\s][^*]*?)\*|(?<![\w])_([^_\s][^_]*?)_(?![\w])|\[([^\]]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/g;

export function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) out.push(text.slice(last, index));
    const [, , code, bold, bold2, italic, italic2, linkText, linkUrl, bare] = match;
    if (code !== undefined) out.push(<code key={key++}>{code}</code>);
    else if (bold !== undefined || bold2 !== undefined)
      out.push(<strong key={key++}>{inline(bold ?? bold2!)}</strong>);
    else if (italic !== undefined || italic2 !== undefined)
      out.push(<em key={key++}>{inline(italic ?? italic2!)}</em>);
    else if (linkText !== undefined && linkUrl !== undefined) {
      out.push(
        SAFE_URL.test(linkUrl) ? (
          <a key={key++} href={linkUrl} target="_blank" rel="noopener noreferrer">
            {inline(linkText)}
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
