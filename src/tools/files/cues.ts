import type { GroupCues } from "../../core/language.js";
import { PATH } from "../cue-shapes.js";

/** A path or a file name is about files, whatever the words around it. */
export const FILES_CUES: GroupCues = {
  shapes: [
    { pattern: PATH, weight: 2.5 },
    // (the File menu named on the way to its item, "File, Export" or "File > Save As", is an
    // app's menu, not a file)
    {
      pattern:
        /\b(?:[Ff][Ii][Ll][Ee]|[Ff][Oo][Ll][Dd][Ee][Rr]|[Dd][Ii][Rr][Ee][Cc][Tt][Oo][Rr][Yy])(?:s|S)?\b(?!\s*(?:,|>|\u2192|->|\u203a)\s*[A-Z])/,
      weight: 1.5,
    },
    // A folder written as a path under home without its "~/" ("in Thesis/drafts", "from
    // Invoices/2024"): listed or searched like any path. A file's name ends the path's shape
    // already (its extension), so only a folder's counts here
    { pattern: /\b(?:in|from|into|under|inside|to)\s+[A-Z][\w-]*(?:\/[\w-]+)+(?![\w./-])/, weight: 2.5 },
    // A file named by what it is and the place it lives ("the invite from my desktop", "the
    // scan in Downloads"): found before it is attached, sent or read. A place written as a
    // path ("Documents/tax/…") is the path's shape already
    {
      pattern:
        /\b(?:the|my|this|those|these)\s+(?:[\w'-]+\s+){0,3}(?:from|in|on|off)\s+(?:my\s+|the\s+)?(?:desktop|downloads|documents|home folder)\b(?!\/)/i,
      weight: 1.5,
    },
    // A file named by how it came to the person ("the podcast I downloaded yesterday", "the
    // letter we scanned"): found before it is used
    {
      pattern:
        /\b(?:the|that|this|my)\s+(?:[\w'-]+\s+){0,3}(?:i|we)\s+(?:just\s+)?(?:downloaded|saved|scanned|exported|recorded|dragged)\b/i,
      weight: 1.5,
    },
    // Something the person wrote or kept somewhere, asked where ("where did I write down the
    // wifi password", "where did I save that quote"): searched for among their files
    {
      pattern:
        /\bwhere\s+(?:did|have|had)\s+i\s+(?:write|written|wrote|jot|jotted|note|noted|save|saved|put|keep|kept|store|stored|stick|stuck)\b/i,
      weight: 2,
    },
    // A file whose place the person does not know, said so ("wherever that's saved", "it's
    // somewhere on my laptop"): searched for before it is used
    {
      pattern:
        /\bwherever\s+(?:it|that|they|those|this)(?:'s|'re|\s+is|\s+are|\s+was|\s+were|\s+got)?\s+(?:saved|kept|stored|filed|ended up)\b|\bsomewhere\s+(?:in|on)\s+(?:my|the)\s+(?:files|computer|laptop|drive|disk|home folder)\b/i,
      weight: 2,
    },
  ],
  // A file named loosely ("my passport scan") is found before it is moved, binned or described
  lookups: {
    files_move: ["files_search"],
    files_trash: ["files_search"],
    files_info: ["files_search"],
    // What is restored is named by the trash's own list
    files_restore: ["files_trash_list"],
  },
  words: {
    // A mistake put right in something written ("the typo in my CV", "a spelling mistake in the
    // essay"): the file is read and written back
    typo: ["file", "write", "read"],
    typos: ["file", "write", "read"],
    "spelling mistake": ["file", "write", "read"],
    "spelling mistakes": ["file", "write", "read"],
    folder: ["directory", "file"],
    directory: ["file"],
    desktop: ["file", "directory"],
    downloads: ["file", "directory"],
    documents: ["file", "document"],
    pdf: ["file", "document"],
    docx: ["file", "document"],
    txt: ["file"],
    csv: ["file"],
    spreadsheet: ["file", "document"],
    notes: ["file", "knowledge", "document"],
    note: ["file", "memory"],
    contents: ["read"],
    content: ["read"],
    say: ["read"],
    says: ["read"],
    binned: ["trash"],
    bin: ["trash"],
    recycle: ["trash"],
    deleted: ["trash", "restore"],
    "dig out": ["find", "search", "file"],
    "dig up": ["find", "search", "file"],
    "track down": ["find", "search"],
    scan: ["file", "document"],
    downloaded: ["file", "downloads"],
  },
};
